package io.stepcast.datasets.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.catalog.Fetcher;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.parquet.OpTraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.UnknownHostException;
import java.nio.file.Files;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

class DatasetsCommandTest {
    @TempDir
    Path dir;

    private record Run(int code, String out, String err) {
    }

    private static Run run(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        int code = cli.execute(args);
        return new Run(code, out.toString(), err.toString());
    }

    @Test
    void thePluginContributesTheDatasetsCommand() {
        assertThat(PluginRegistry.discover().commands()).extracting(CommandExtension::name).contains("datasets");
    }

    @Test
    void listShowsCitationLicenceUpstreamAndChecksums() throws IOException {
        Run r = run(new DatasetsCommand(), "list");
        assertThat(r.code()).isZero();
        assertThat(r.out()).contains("pollux  (53 files", "OSDI 2021", "Apache-2.0", "github.com/petuum/adaptdl",
                "gavel", "MIT", "tf-benchmarks", "courier", "ICPE 2021", "sha256:",
                "importers: pollux, gavel, tf-benchmarks, foreign-tables, foreign-multinode, dle-resnet50-pytorch,"
                        + " dle-bert-dgxa100, dle-transformerxl-pytorch, dle-transformerxl-dgx2h, dle-resnet50-mxnet,"
                        + " dle-bert-tf-1903, dle-efficientnet-b4-tf2, dle-resnet50-tf1, dle-bert-pytorch-multinode,"
                        + " courier,"
                        + " tf-cpu-profiles, nccl-tests, vtrain, bigdl-log, nccl-tests-log, mlperf-log, csv",
                "profile readers (detection order): kineto, tf-timeline");
        Run j = run(new DatasetsCommand(), "list", "--json");
        JsonNode sources = new ObjectMapper().readTree(j.out());
        // The published sources and the recordings made on this machine.
        assertThat(sources).extracting(n -> n.get("name").asText())
                .containsExactly("pollux", "gavel", "tf-benchmarks", "foreign-tables", "foreign-multinode",
                        "dle-resnet50-pytorch", "dle-bert-dgxa100", "dle-transformerxl-pytorch",
                        "dle-transformerxl-dgx2h", "dle-resnet50-mxnet", "dle-bert-tf-1903",
                        "dle-efficientnet-b4-tf2", "dle-resnet50-tf1", "dle-bert-pytorch-multinode", "courier",
                        "tf-cpu-profiles", "nccl-tests", "vtrain");
        JsonNode placements = null;
        for (JsonNode f : sources.get(0).get("files")) {
            if (f.get("path").asText().equals("imagenet/placements.csv")) {
                placements = f;
            }
        }
        assertThat(placements).isNotNull();
        assertThat(placements.get("sha256").asText())
                .isEqualTo(Fetcher.sha256(SharedData.of("pollux/imagenet/placements.csv")));
    }

    @Test
    void importPolluxThenShow() throws IOException {
        Path out = dir.resolve("pollux.parquet");
        Run r = run(new DatasetsCommand(), "import", "pollux", "--input", SharedData.of("pollux").toString(),
                "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("pollux: wrote 7,103 observations");
        assertThat(ObservationFiles.read(out)).hasSize(7103);

        Run show = run(new DatasetsCommand(), "show", out.toString(), "--limit", "2");
        assertThat(show.code()).isZero();
        assertThat(show.out()).contains("observations (schema " + io.stepcast.datasets.parquet.SchemaVersion.CURRENT + "), 7,103 rows", "model=BERT",
                "step_time_s=0.45532354712486267", "tags={job=bert;placement=1;split=placements}", "... 7,101 more rows");
        Run json = run(new DatasetsCommand(), "show", out.toString(), "--limit", "1", "--json");
        JsonNode doc = new ObjectMapper().readTree(json.out());
        assertThat(doc.get("rows").asLong()).isEqualTo(7103);
        assertThat(doc.get("shown")).hasSize(1);
        assertThat(doc.get("shown").get(0).get("local_batch").asInt()).isEqualTo(4);
    }

    @Test
    void importGavelReportsSkippedPairsAndCsvReportsUnknownColumns() throws IOException {
        Run r = run(new DatasetsCommand(), "import", "gavel", "--input", SharedData.of("gavel").toString(),
                "--out", dir.resolve("g.parquet").toString());
        assertThat(r.out()).contains("gavel: wrote 8,501 observations");
        assertThat(r.err()).contains("warning: ", "13159 entries with 0.0 steps/s");
        Path csv = Files.writeString(dir.resolve("m.csv"),
                "model,architecture,workers,local_batch,step_time_s,colour\nx,ALLREDUCE,2,8,0.1,red\n");
        Run c = run(new DatasetsCommand(), "import", "csv", "--input", csv.toString(), "--out",
                dir.resolve("m.parquet").toString());
        assertThat(c.out()).contains("csv: wrote 1 observations").doesNotContain("colour");
        assertThat(c.err()).contains("warning: " + csv + ": unknown column 'colour' (kept as a tag)");
    }

    @Test
    void importCsvReadsReadmeSubHeadingsAndSaysWhereALeadingNodeCountGoes() throws IOException {
        // Synthetic rows under hardware labels as NVIDIA DeepLearningExamples' READMEs head their sub-tables.
        Path csv = Files.writeString(dir.resolve("h.csv"), """
                model,architecture,workers,local_batch,step_time_s,hardware
                x,ALLREDUCE,1,8,0.1,NVIDIA DGX-1 With 16G
                x,ALLREDUCE,1,8,0.1,4 x NVIDIA DGX-2H With 32G
                """);
        Path out = dir.resolve("h.parquet");
        Run r = run(new DatasetsCommand(), "import", "csv", "--input", csv.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out() + r.err()).doesNotContain("'NVIDIA DGX-1 With 16G'")
                .contains("line 3: hardware '4 x NVIDIA DGX-2H With 32G' is not in the hardware catalog: did you mean"
                        + " dgx-2h, with 4 in the nodes column?");
        assertThat(ObservationFiles.read(out)).extracting(o -> o.config().deployment().hardware())
                .containsExactly("dgx-1-v100", "4 x NVIDIA DGX-2H With 32G");
    }

    @Test
    void showPrintsTheContextParallelRanksOfAnImportedCsvAndImportRefusesThemWithoutFlashAttention()
            throws IOException {
        // Synthetic rows: 2 replicas of tensor 2 x context 4 GPUs (a made-up time).
        String header = "model,architecture,workers,global_batch,step_time_s,tensor_parallel,flash_attention,"
                + "context_parallel\n";
        Path csv = Files.writeString(dir.resolve("synthetic-cp.csv"), header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,2,true,4\n");
        Path out = dir.resolve("cp.parquet");
        Run r = run(new DatasetsCommand(), "import", "csv", "--input", csv.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        Run show = run(new DatasetsCommand(), "show", out.toString());
        assertThat(show.out()).contains("workers=2", "devices_per_worker=8", "flash_attention=true",
                "context_parallel=4");

        Files.writeString(csv, header + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,16,1.5,2,,4\n");
        Run refused = run(new DatasetsCommand(), "import", "csv", "--input", csv.toString(), "--out",
                dir.resolve("refused.parquet").toString());
        assertThat(refused.code()).isEqualTo(1);
        assertThat(refused.err()).contains(csv + ":2", "column 'context_parallel' is 4 but column 'flash_attention'");
    }

    @Test
    void importTimelineWritesAnOpTrace() throws IOException {
        Path t = Files.writeString(dir.resolve("t.json"), "{\"traceEvents\":["
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":1,\"dur\":2,\"name\":\"MatMul\",\"args\":{\"name\":\"m\",\"op\":\"MatMul\"}}]}");
        Path out = dir.resolve("t.parquet");
        Run r = run(new DatasetsCommand(), "import", "tf-timeline", "--input", t.toString(), "--out", out.toString(),
                "--model", "toy", "--local-batch", "8");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("wrote 1 op-trace rows (1 steps)");
        assertThat(OpTraceFiles.readProfile(out).localBatch()).isEqualTo(8);
    }

    @Test
    void showNamesWhatARegisteredImporterOrReaderReads() {
        Run r = run(new DatasetsCommand(), "show", "gavel");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("gavel: importer:", "variants: gavel-simulation, gavel-physical", "OSDI 2020",
                "simulation_throughputs.json  1,240,176 bytes  sha256 17111f7295f0");
        Run t = run(new DatasetsCommand(), "show", "tf-timeline");
        assertThat(t.out()).startsWith("tf-timeline: profile reader: TensorFlow timelines");
    }

    @Test
    void aSourceOfOneFileSaysOneFile() {
        Run r = run(new DatasetsCommand(), "list");
        assertThat(r.out()).contains("tf-benchmarks  (1 file, 7,631 bytes, embedded)").doesNotContain("(1 files")
                .contains("tf-cpu-profiles  (no published files)");
    }

    @Test
    void withoutASourceTheProfileFormatIsDetectedOrNamed() throws IOException {
        Path t = Files.writeString(dir.resolve("timeline.trace"), "{\"traceEvents\":["
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":1,\"dur\":2,\"name\":\"MatMul\",\"args\":{\"name\":\"m\",\"op\":\"MatMul\"}}]}");
        Run detected = run(new DatasetsCommand(), "import", "--input", t.toString(), "--out",
                dir.resolve("a.parquet").toString());
        assertThat(detected.code()).as(detected.err()).isZero();
        assertThat(detected.out()).startsWith("tf-timeline: wrote 1 op-trace rows");
        Run named = run(new DatasetsCommand(), "import", "--format", "tf-timeline", "--input", t.toString(), "--out",
                dir.resolve("b.parquet").toString());
        assertThat(named.code()).as(named.err()).isZero();
        Path csv = Files.writeString(dir.resolve("not-a-profile.txt"), "a,b\n1,2\n");
        Run none = run(new DatasetsCommand(), "import", "--input", csv.toString(), "--out",
                dir.resolve("c.parquet").toString());
        assertThat(none.code()).isEqualTo(1);
        assertThat(none.err()).contains("not-a-profile.txt").contains("no profile reader recognises this file");
    }

    @Test
    void fetchingASourceWithoutPublishedFilesIsAUsageError() {
        Run r = run(new DatasetsCommand(), "fetch", "tf-cpu-profiles", "--cache", dir.toString());
        assertThat(r.code()).isEqualTo(2);
        assertThat(r.err()).contains("tf-cpu-profiles has no published files to fetch");
    }

    @Test
    void badInputsExitOneWithTheFileInTheMessage() throws IOException {
        Path bad = Files.writeString(dir.resolve("bad.json"), "{\"traceEvents\":[{\"ph\":\"X\"");
        Path out = dir.resolve("x.parquet");
        Run r = run(new DatasetsCommand(), "import", "tf-timeline", "--input", bad.toString(), "--out", out.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("bad.json:1:").contains("ends too early");
        assertThat(Files.exists(out)).isFalse();
        Run unknown = run(new DatasetsCommand(), "import", "nope", "--input", bad.toString(), "--out", out.toString());
        assertThat(unknown.code()).as("a usage error").isEqualTo(2);
        assertThat(unknown.err()).contains("unknown source 'nope'");
        Run misspelt = run(new DatasetsCommand(), "import", "polux", "--input", bad.toString(), "--out", out.toString());
        assertThat(misspelt.code()).isEqualTo(2);
        assertThat(misspelt.err().lines().findFirst().orElseThrow())
                .startsWith("unknown source 'polux': did you mean pollux? (known: pollux, gavel");
        Run fetch = run(new DatasetsCommand(), "fetch", "gavle");
        assertThat(fetch.code()).isEqualTo(2);
        assertThat(fetch.err()).contains("unknown source 'gavle': did you mean gavel? (known: ");
        Run format = run(new DatasetsCommand(), "import", "--format", "tf-timelin", "--input", bad.toString(),
                "--out", out.toString());
        assertThat(format.code()).isEqualTo(2);
        assertThat(format.err()).contains("unknown format 'tf-timelin': did you mean tf-timeline?");
        Run notParquet = run(new DatasetsCommand(), "show", bad.toString());
        assertThat(notParquet.code()).isEqualTo(1);
        assertThat(notParquet.err()).contains("bad.json").contains("not a Parquet file");
    }

    @Test
    void fetchFromAMirrorVerifiesAndThenUsesTheCache() {
        Path cache = dir.resolve("cache");
        Run r = run(new DatasetsCommand(), "fetch", "courier", "--cache", cache.toString(), "--mirror",
                SharedData.dir().toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("courier: 5 files verified", "copied from");
        assertThat(cache.resolve("courier/response_time_cells.csv")).exists();
        Run again = run(new DatasetsCommand(), "fetch", "courier", "--cache", cache.toString());
        assertThat(again.out()).contains("cached").doesNotContain("copied");
        Run embedded = run(new DatasetsCommand(), "fetch", "tf-benchmarks", "--cache", cache.toString());
        assertThat(embedded.code()).as(embedded.err()).isZero();
        assertThat(embedded.out()).contains("extracted from the stepcast jar");
    }

    @Test
    void fetchRefusesAChangedFileAndExplainsOffline() throws IOException {
        Path mirror = dir.resolve("mirror");
        Files.createDirectories(mirror.resolve("courier"));
        for (String f : new String[] {"anova_time.csv", "batch_njobs_means.csv", "evaluation_runs.csv",
                "network_means.csv", "response_time_cells.csv"}) {
            Files.copy(SharedData.of("courier/" + f), mirror.resolve("courier/" + f));
        }
        Files.writeString(mirror.resolve("courier/network_means.csv"), "tampered\n");
        Path cache = dir.resolve("cache");
        Run r = run(new DatasetsCommand(), "fetch", "courier", "--cache", cache.toString(), "--mirror", mirror.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains("courier/network_means.csv: checksum mismatch");
        assertThat(cache.resolve("courier/network_means.csv")).doesNotExist();

        FetchCommand offline = new FetchCommand();
        offline.fetcher = new Fetcher((url, target) -> {
            throw new UnknownHostException("raw.githubusercontent.com");
        });
        Run o = run(offline, "gavel", "--cache", cache.toString());
        assertThat(o.code()).isEqualTo(1);
        assertThat(o.err()).contains("cannot download https://raw.githubusercontent.com/stanford-futuredata/gavel/")
                .contains("offline or unreachable").contains("--mirror");
    }
}
