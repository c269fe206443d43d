package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.datasets.importers.VtrainImporter;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.stepcast.distribution.ResultsEntries.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Multi-node Megatron runs end to end: the Megatron predictors fitted on vTrain's real single-node table answer
 * runs over several nodes of a stated cluster. The multi-node rows are synthetic configurations with made-up
 * times (the shared data holds no measured multi-node run), so the test checks that they are answered, not how well.
 */
class MegatronMultiNodeCliTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));
    /** Synthetic runs in vTrain's own format: 16 and 32 GPUs, i.e. 2 and 4 nodes of 8. */
    private static final String VTRAIN_ROWS = VtrainImporter.HEADER + "\n"
            + "16,64,1,2048,16,24,1024,8,1,2,900\n"
            + "32,128,1,2048,16,24,1024,8,2,2,1000\n"
            + "16,64,2,1024,16,24,1024,4,4,1,300\n";
    /** The same kind of runs in the generic CSV, with the 3D-parallel columns. */
    private static final String CSV = """
            model,architecture,workers,global_batch,tensor_parallel,pipeline_parallel,micro_batch,virtual_stages,sequence_parallel,recompute,precision,sequence_length,gpus_per_node,hardware,step_time_s
            gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,128,8,2,1,1,true,selective,bf16,2048,8,dgx-a100,1.9
            gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,1,64,8,4,1,2,false,full,fp16,,8,dgx-a100,1.1
            gpt-l24-h1024-a16-s1024-v50304,ALLREDUCE,4,64,4,1,2,,true,none,bf16,,8,dgx-a100,0.3
            """;

    private final CliSession cli = new CliSession();

    private JsonNode evaluate(Path train, Path test, Path out) throws Exception {
        cli.clear();
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--predictors",
                "megatron-analytic,megatron-simulation", "--targets", "step-time", "--threads", "1", "--out",
                out.toString())).as(cli.err()).isZero();
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }


    /** The single-node vTrain rows, stated as DGX A100 nodes, imported into {@code dir}: the training set. */
    private Path importSingleNode(Path dir) {
        Path single = dir.resolve("single-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware",
                "dgx-a100", "--out", single.toString())).as(cli.err()).isZero();
        return single;
    }

    @Test
    void vtrainRowsImportedOnAStatedClusterPredictMultiNodeRuns(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        Path multiCsv = Files.writeString(dir.resolve(VtrainImporter.FILE), VTRAIN_ROWS);

        // Imported as vTrain's own node, which has no NIC in the catalog: a run over two nodes cannot be costed.
        Path onVtrain = dir.resolve("multi-vtrain.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", multiCsv.toString(), "--out", onVtrain.toString()))
                .as(cli.err()).isZero();
        JsonNode refused = evaluate(single, onVtrain, dir.resolve("refused"));
        assertThat(entry(refused, "megatron-analytic").get("n").asInt()).isZero();
        assertThat(cli.out()).contains("no NIC figures for vtrain-a100");

        // Stated as DGX A100 nodes (8 GPUs and 8 HDR InfiniBand NICs each), every run is answered.
        Path onDgx = dir.resolve("multi-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", multiCsv.toString(), "--hardware", "dgx-a100",
                "--out", onDgx.toString())).as(cli.err()).isZero();
        JsonNode answered = evaluate(single, onDgx, dir.resolve("answered"));
        assertThat(entry(answered, "megatron-analytic").get("n").asInt()).isEqualTo(3);
        assertThat(entry(answered, "megatron-simulation").get("n").asInt()).isEqualTo(3);
    }

    @Test
    void theGenericCsvCarriesTheThreeDimensionalColumnsToThePredictors(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        Path test = Files.writeString(dir.resolve("multi-node.csv"), CSV);
        JsonNode results = evaluate(single, test, dir.resolve("out"));
        assertThat(entry(results, "megatron-analytic").get("n").asInt()).isEqualTo(3);
        // The simulation runs the interleaved schedule too: the row with two virtual stages is answered.
        assertThat(entry(results, "megatron-simulation").get("n").asInt()).isEqualTo(3);
        assertThat(cli.out()).doesNotContain("unknown column");
    }

    /**
     * A user's CSV with {@code context_parallel}, through {@code fit} and {@code predict} as a user runs them: the
     * row with 2 context ranks is predicted on its own GPUs (twice those of the row with 1) rather than read as 1; one
     * without FlashAttention is refused naming the file, the line and the column. The rows are synthetic (made-up
     * times): GPT 1.3B at 16K tokens, two replicas of four tensor-parallel GPUs.
     */
    @Test
    void aContextParallelRowOfTheGenericCsvIsPredictedOnItsContextRanks(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        Path model = dir.resolve("analytic.json");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        String header = "model,architecture,workers,global_batch,tensor_parallel,micro_batch,sequence_length,"
                + "precision,flash_attention,context_parallel,hardware,step_time_s\n";
        Path ask = Files.writeString(dir.resolve("synthetic-cp.csv"), header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,8,4,1,16384,bf16,true,1,dgx-a100,9.0\n"
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,8,4,1,16384,bf16,true,2,dgx-a100,5.0\n");
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", ask.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        JsonNode predictions = new ObjectMapper().readTree(cli.out()).get("predictions");
        assertThat(predictions).hasSize(2);
        JsonNode whole = predictions.get(0);
        JsonNode split = predictions.get(1);
        // 8 GPUs on one node of dgx-a100, and 16 on two: the context ranks are GPUs of each replica.
        assertThat(whole.get("nodes").asInt()).isEqualTo(1);
        assertThat(split.get("nodes").asInt()).isEqualTo(2);
        assertThat(split.get("workers").asInt()).isEqualTo(2);
        // Half of each sequence per rank: less time and less activation memory per GPU for the same batch.
        assertThat(split.get("predicted").asDouble()).as(split.toString())
                .isLessThan(whole.get("predicted").asDouble());
        assertThat(split.get("peak_memory_bytes").asDouble()).isLessThan(whole.get("peak_memory_bytes").asDouble());

        Files.writeString(ask, header
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,8,4,1,16384,bf16,true,1,dgx-a100,9.0\n"
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,2,8,4,1,16384,bf16,false,2,dgx-a100,5.0\n");
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", ask.toString())).isEqualTo(1);
        assertThat(cli.err()).contains("synthetic-cp.csv:3", "column 'context_parallel' is 2 but column "
                + "'flash_attention' is false");
    }

    @Test
    void aSavedMegatronPredictorReportsPeakMemoryBesideEachTime(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        Path model = dir.resolve("analytic.json");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        Path ask = Files.writeString(dir.resolve("multi-node.csv"), CSV);
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", ask.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        JsonNode predictions = new ObjectMapper().readTree(cli.out()).get("predictions");
        assertThat(predictions).hasSize(3);
        for (JsonNode p : predictions) {
            assertThat(p.get("predicted").asDouble()).as(p.toString()).isPositive();
            // state and activations of a GPU: more than nothing, less than a 40 GB A100 holds for these small runs
            assertThat(p.get("peak_memory_bytes").asDouble()).as(p.toString()).isBetween(1e8, 40e9);
            // dgx-a100's A100 40 GB (40 GiB, as a GPU's memory is sold), and the verdict that the peak is within it
            assertThat(p.get("device_memory_bytes").asDouble()).as(p.toString()).isEqualTo(40.0 * (1L << 30));
            assertThat(p.get("fits").asBoolean()).as(p.toString()).isTrue();
        }
    }

    @Test
    void predictAndEvaluateSayWhenARunIsPredictedNotToFit(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        Path model = dir.resolve("analytic.json");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        // The synthetic runs of CSV, and one more: no tensor or pipeline split and 8 samples of 2,048 tokens per
        // micro-batch without recomputation, whose activations alone overflow a 40 GB A100 (a made-up time).
        Path test = Files.writeString(dir.resolve("with-oom.csv"), CSV
                + "gpt-l24-h2048-a16-s2048-v50304,ALLREDUCE,8,64,1,1,8,,false,none,fp16,,8,dgx-a100,5.0\n");
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test.toString(), "--target",
                "step-time")).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines.get(0)).contains("MEASURED", "PEAK GiB", "FITS");
        assertThat(lines.subList(1, 4)).allSatisfy(l -> assertThat(l).endsWith("yes"));
        assertThat(lines.get(4)).startsWith("4 ").endsWith("NO");
        double peakGb = Double.parseDouble(lines.get(4).trim().split("\\s+")[11]);
        assertThat(peakGb).isGreaterThan(40);
        assertThat(cli.out()).contains("1 of the runs has a peak memory per GPU (PEAK GiB) above the GPU's (FITS NO): "
                + "as stated, it would not run");
        // Every target the predictor answers (step time and throughput): still one run that would not fit.
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("1 of the runs has a peak memory per GPU");

        cli.clear();
        assertThat(cli.run("evaluate", "--train", single.toString(), "--test", test.toString(), "--predictors",
                "megatron-analytic", "--targets", "step-time", "--threads", "1")).as(cli.err()).isZero();
        assertThat(cli.err()).contains("warning: 1 of 4 test rows with a memory estimate is predicted not to fit the "
                + "GPU's memory (megatron-analytic; the largest: gpt-l24-h2048-a16-s2048-v50304 on 8 workers of dgx-a100 "
                + "needs " + String.format(java.util.Locale.ROOT, "%.1f", peakGb) + " GiB per GPU, the GPU has 40.0 GiB)");
    }

    @Test
    void anEvaluationCarriesThePeakMemoryOfEachAnsweredLayoutIntoItsOutputs(@TempDir Path dir) throws Exception {
        Path single = importSingleNode(dir);
        // The three rows, and one Megatron-LM refuses: 24 layers split into 4 x 5 chunks neither evenly nor with the
        // embedding and the loss counted as layers.
        Path test = Files.writeString(dir.resolve("multi-node.csv"), CSV
                + "gpt-l24-h2048-a16-s1024-v50304,ALLREDUCE,1,64,8,4,1,5,false,full,fp16,,8,dgx-a100,1.1\n");
        Path out = dir.resolve("out");
        evaluate(single, test, out);

        List<PredictionRow> rows = PredictionFiles.read(out.resolve("predictions.parquet")).stream()
                .filter(r -> r.role().equals(PredictionRow.TEST)).toList();
        List<PredictionRow> analytic = rows.stream().filter(r -> r.predictor().equals("megatron-analytic"))
                .filter(r -> r.predicted().isPresent()).toList();
        assertThat(analytic).hasSize(3).allSatisfy(r -> assertThat(r.peakMemoryBytes().getAsDouble())
                .as(r.toString()).isBetween(1e8, 40e9));
        // Different layouts of different models need different memory.
        assertThat(analytic.stream().mapToDouble(r -> r.peakMemoryBytes().getAsDouble()).distinct().count())
                .isEqualTo(3);
        // A refused point has no estimate (absent, not zero).
        assertThat(rows).filteredOn(r -> r.predicted().isEmpty()).isNotEmpty()
                .allMatch(r -> r.peakMemoryBytes().isEmpty());

        // The same estimate as predict --json gives for the saved predictor.
        Path model = dir.resolve("analytic.json");
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        JsonNode predicted = new ObjectMapper().readTree(cli.out()).get("predictions");
        for (int i = 0; i < 3; i++) {
            assertThat(analytic.get(i).peakMemoryBytes().getAsDouble())
                    .isEqualTo(predicted.get(i).get("peak_memory_bytes").asDouble());
        }

        JsonNode details = new ObjectMapper().readTree(out.resolve("details.json").toFile());
        JsonNode memory = details.get("peak_memory");
        assertThat(memory).isNotNull();
        assertThat(memory.findValuesAsText("predictor")).contains("megatron-analytic");
        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("## Peak memory per GPU", "megatron-analytic");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<h2>Peak memory per GPU</h2>");

        // stepcast report draws the same section again from the files.
        Files.delete(out.resolve("report.md"));
        cli.clear();
        assertThat(cli.run("report", out.toString())).as(cli.err()).isZero();
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(md);
    }
}
