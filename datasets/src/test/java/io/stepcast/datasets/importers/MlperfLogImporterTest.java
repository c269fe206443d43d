package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.io.DataFormatException;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalInt;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Excerpts of NVIDIA's MLPerf Training result logs ({@code src/test/resources/mlperf-logs/README.md} cites the
 * repositories, commits, files and kept lines), read as probe21 read them by hand into
 * {@code docs/examples/mlperf-*.csv}: the same rows, and throughputs within 0.1% of the hand-derived ones (probe21
 * took the median of the epochs the log viewer showed; the importer takes every epoch of the excerpt).
 */
class MlperfLogImporterTest {
    /** The excerpted v1.0 submission tree: results/ beside systems/, as the submission publishes them. */
    private static final String V10 = "v1.0-submission/NVIDIA/";
    private static final String RESNET_1NODE = V10 + "results/dgxa100_ngc21.05_mxnet/resnet";
    private static final String BERT_1NODE = V10 + "results/dgxa100_ngc21.05_pytorch/bert";
    private final MlperfLogImporter importer = new MlperfLogImporter();

    private static Path logs(String name) {
        try {
            return Path.of(Objects.requireNonNull(MlperfLogImporterTest.class.getResource("/mlperf-logs/" + name))
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private Observation only(String folder, ImportOptions options) throws IOException {
        List<Observation> rows = importer.importFile(logs(folder), options).observations();
        assertThat(rows).hasSize(1);
        return rows.get(0);
    }

    private static double throughput(Observation o) {
        return o.measurements().throughputSamplesPerS().orElseThrow();
    }

    @Test
    void theV10ResNetLogsAreOneAndEightDgxA100NodesAtTheBatchAndThroughputProbe21Derived() throws IOException {
        ImportedObservations read = importer.importFile(logs(RESNET_1NODE), ImportOptions.none());
        Observation one = read.observations().get(0);
        assertThat(one.config().workload().model()).isEqualTo("ResNet-50");
        assertThat(one.config().workload().dataset()).isEqualTo("imagenet");
        // The platform says "1xNVIDIA DGX A100"; the submission's systems/dgxa100_ngc21.05_mxnet.json beside results/
        // says 8 x NVIDIA A100-SXM4-80GB (400W), 80 GB: the 80 GB system, stated as a note, not a warning.
        assertThat(one.config().deployment().hardware()).isEqualTo("dgx-a100-80gb");
        assertThat(read.notes()).isEmpty();
        assertThat(read.information()).containsExactly("platform '1xNVIDIA DGX A100' is 1 node of dgx-a100-80gb, as "
                + "its system file dgxa100_ngc21.05_mxnet.json states (8 x NVIDIA A100-SXM4-80GB (400W), 80 GB per "
                + "node, 1 node)");
        assertThat(one.config().deployment().nodes()).isEqualTo(1);
        assertThat(one.config().deployment().workers()).isEqualTo(8);
        assertThat(one.config().localBatch()).isEqualTo(408);
        // The median of the 35 epochs' throughput events; mlperf-resnet50-one-node.csv says 26,722.8.
        assertThat(throughput(one)).isCloseTo(26731.77, within(0.01));
        assertThat(throughput(one) / 26722.8 - 1).isBetween(-0.001, 0.001);
        // The gradients Horovod all-reduces: the zoo's parameters in the --dtype float16 of the echoed command line,
        // what mlperf-resnet50-*.csv states as ASSUMED.
        assertThat(one.config().workload().parameterBytes()).hasValue(51_114_064L);
        assertThat(one.tags()).containsEntry("parameter_bytes_basis", "ResNet-50's 25557032 parameters x 2 bytes "
                + "(--dtype float16 on line 11)");
        assertThat(one.tags()).containsEntry("throughput_basis", "median of 35 'throughput' events")
                .containsEntry("platform", "1xNVIDIA DGX A100").containsEntry("runs", "1");
        assertThat(one.measurements().runs()).isEqualTo(1);

        // No system file beside this excerpt (the index holds none for dgxa100_n8_ngc21.05_mxnet): the platform's.
        Observation eight = only("v1.0-resnet-8nodes", ImportOptions.none());
        assertThat(eight.config().deployment().hardware()).isEqualTo("dgx-a100");
        assertThat(eight.config().deployment().nodes()).isEqualTo(8);
        assertThat(eight.config().deployment().workers()).isEqualTo(64);
        assertThat(eight.config().localBatch()).isEqualTo(204);
        // 45 epochs, the first at 140,186 images/s (warm-up); mlperf-resnet50-many-nodes.csv says 198,553.8.
        assertThat(throughput(eight)).isCloseTo(198684.47, within(0.01));
        assertThat(throughput(eight) / 198553.8 - 1).isBetween(-0.001, 0.001);
    }

    @Test
    void aV07ResNetLogWithoutThroughputEventsIsTheTrainingSetOverItsMedianEpoch() throws IOException {
        // Its run_stop says "aborted" (the run's last allowed epoch): a finished run, read as any other.
        Observation o = only("v0.7-resnet-dgx2h-1node", ImportOptions.none());
        assertThat(o.config().deployment().hardware()).isEqualTo("dgx-2h");
        assertThat(o.config().deployment().workers()).isEqualTo(16);
        assertThat(o.config().localBatch()).isEqualTo(208);
        // 1,281,167 images over the median of 14 epochs (50.706 s); probe21's epochs 22-26 gave 25,263.6.
        assertThat(throughput(o)).isCloseTo(1281167 / 50.706, within(0.01));
        assertThat(throughput(o) / 25263.6 - 1).isBetween(-0.001, 0.001);
        assertThat(o.tags().get("throughput_basis")).isEqualTo(
                "1281167 train_samples over the median of 14 epoch_start-epoch_stop intervals");
    }

    @Test
    void theBertLogsAreTheirClosingSequencesPerSecondAtTheBatchPerGpuOfTheirGlobalBatch() throws IOException {
        Observation one = only(BERT_1NODE, ImportOptions.none());
        assertThat(one.config().workload().model()).isEqualTo("BERT-large");
        assertThat(one.config().deployment().hardware()).isEqualTo("dgx-a100-80gb");
        // NVIDIA's BERT command line has no --dtype but --allreduce_post_accumulation_fp16: float16 gradients.
        assertThat(one.config().workload().parameterBytes()).hasValue(670_283_776L);
        assertThat(one.tags()).containsEntry("parameter_bytes_basis", "BERT-large's 335141888 parameters x 2 bytes "
                + "(--allreduce_post_accumulation_fp16 on line 3)");
        assertThat(one.config().deployment().workers()).isEqualTo(8);
        assertThat(one.config().localBatch()).isEqualTo(56);
        assertThat(throughput(one)).isEqualTo(2193.410654407418);
        Observation eight = only("v1.0-bert-8nodes", ImportOptions.none());
        assertThat(eight.config().deployment().nodes()).isEqualTo(8);
        assertThat(eight.config().deployment().workers()).isEqualTo(64);
        assertThat(eight.config().localBatch()).isEqualTo(48);
        assertThat(throughput(eight)).isEqualTo(18317.727524476097);
        assertThat(eight.config().workload().parameterBytes()).hasValue(670_283_776L);
        // v0.7: 16 V100 of one DGX-2H at 27 per GPU; 32 DGX-2H, whose 18 per GPU probe21 derived from the step's
        // samples, is the log's own global_batch_size 9216 over 512 GPUs.
        Observation dgx2h = only("v0.7-bert-dgx2h-1node", ImportOptions.none());
        assertThat(dgx2h.config().deployment().hardware()).isEqualTo("dgx-2h");
        assertThat(dgx2h.config().deployment().workers()).isEqualTo(16);
        assertThat(dgx2h.config().localBatch()).isEqualTo(27);
        assertThat(throughput(dgx2h)).isEqualTo(1269.6523198307439);
        assertThat(dgx2h.config().workload().parameterBytes()).hasValue(670_283_776L);
        Observation n32 = only("v0.7-bert-dgx2h-32nodes", ImportOptions.none());
        assertThat(n32.config().deployment().nodes()).isEqualTo(32);
        assertThat(n32.config().deployment().workers()).isEqualTo(512);
        assertThat(n32.config().localBatch()).isEqualTo(18);
        assertThat(throughput(n32)).isEqualTo(28463.669842543146);
        assertThat(n32.tags().get("parameter_bytes_basis")).endsWith("(--allreduce_post_accumulation_fp16 on line 2)");
    }

    @Test
    void aFolderOfSubmissionsIsOneRowPerSystemAndBenchmark() throws IOException {
        ImportedObservations r = importer.importFile(logs(""), ImportOptions.none());
        assertThat(r.observations()).hasSize(7);
        assertThat(r.observations()).extracting(o -> o.config().deployment().workers())
                .containsExactlyInAnyOrder(8, 64, 16, 8, 64, 16, 512);
        assertThat(r.information()).contains("platform '8xNVIDIA DGX A100' is 8 nodes of dgx-a100");
        assertThat(r.notes()).isEmpty();
        assertThat(r.skipped()).isZero();
    }

    private static ImportOptions options(OptionalInt workers, String hardware) {
        return new ImportOptions(Optional.empty(), workers, Optional.empty(), 0, Optional.ofNullable(hardware),
                Optional.empty());
    }

    @Test
    void hardwareReplacesThePlatformsSystemAndWorkersMustAgreeWithTheNodesItCounts() throws IOException {
        ImportOptions eighty = options(OptionalInt.empty(), "dgx-a100-80gb");
        Observation o = only("v1.0-bert-8nodes", eighty);
        assertThat(o.config().deployment().hardware()).isEqualTo("dgx-a100-80gb");
        assertThat(o.config().deployment().nodes()).isEqualTo(8);
        assertThat(o.config().deployment().workers()).isEqualTo(64);
        assertThat(importer.importFile(logs("v1.0-bert-8nodes"), eighty).information()).contains(
                "--hardware dgx-a100-80gb stands for the platform '8xNVIDIA DGX A100' of the logs, whose 8 nodes it "
                        + "keeps");
        // --hardware still overrides the system file; the same GPU of another memory is no warning, another GPU is.
        assertThat(only(RESNET_1NODE, options(OptionalInt.empty(), "dgx-a100")).config().deployment().hardware())
                .isEqualTo("dgx-a100");
        assertThat(importer.importFile(logs(RESNET_1NODE), options(OptionalInt.empty(), "dgx-a100")).notes()).isEmpty();
        ImportedObservations v100 = importer.importFile(logs(RESNET_1NODE), options(OptionalInt.empty(), "dgx-2h"));
        assertThat(v100.observations().get(0).config().deployment().hardware()).isEqualTo("dgx-2h");
        assertThat(v100.notes()).containsExactly("--hardware dgx-2h is dgx-2h (V100-SXM3-32GB-H), the platform "
                + "'1xNVIDIA DGX A100' of " + logs(RESNET_1NODE + "/result_0.txt") + " dgx-a100 (A100-SXM4-40GB): used "
                + "--hardware's");
        // --workers that says what the platform counts is accepted; one that contradicts it is refused naming both.
        assertThat(only("v1.0-bert-8nodes", options(OptionalInt.of(64), null)).config().localBatch()).isEqualTo(48);
        Path eight = logs("v1.0-bert-8nodes/result_1.txt");
        assertThatThrownBy(() -> importer.importFile(eight.getParent(), options(OptionalInt.of(32), null)))
                .isInstanceOf(DataFormatException.class)
                .hasMessage(eight + ": --workers 32 contradicts the platform '8xNVIDIA DGX A100': 8 nodes of dgx-a100 "
                        + "are 64 GPUs (--workers states the GPUs only of a log whose platform counts no nodes)");
        // The QA case: 16 workers on one 8-GPU node of the system --hardware names.
        Path one = logs(RESNET_1NODE + "/result_0.txt");
        assertThatThrownBy(() -> importer.importFile(one.getParent(), options(OptionalInt.of(16), "dgx-a100-80gb")))
                .hasMessage(one + ": --workers 16 contradicts the platform '1xNVIDIA DGX A100': 1 node of "
                        + "dgx-a100-80gb are 8 GPUs (--workers states the GPUs only of a log whose platform counts no "
                        + "nodes)");
    }

    /** SYNTHETIC: the real 8-node BERT excerpt with its platform's node count removed ({@code NVIDIA DGX A100}). */
    @Test
    void workersStateTheGpusOfALogWhosePlatformCountsNoNodes(@TempDir Path dir) throws IOException {
        String real = Files.readString(logs("v1.0-bert-8nodes/result_1.txt"));
        Path log = Files.writeString(dir.resolve("result_1.txt"), real.replace("8xNVIDIA DGX A100", "NVIDIA DGX A100"));
        Observation assumed = importer.importFile(log, ImportOptions.none()).observations().get(0);
        assertThat(assumed.config().deployment().nodes()).isEqualTo(1);
        assertThat(assumed.config().localBatch()).isEqualTo(384);
        ImportedObservations stated = importer.importFile(log, options(OptionalInt.of(64), null));
        Observation o = stated.observations().get(0);
        assertThat(o.config().deployment().workers()).isEqualTo(64);
        assertThat(o.config().deployment().nodes()).isEqualTo(8);
        assertThat(o.config().localBatch()).isEqualTo(48);
        assertThat(stated.information()).contains("--workers 64 is 8 nodes of dgx-a100 (8 GPUs per node): the log "
                + "counts no nodes");
        assertThatThrownBy(() -> importer.importFile(log, options(OptionalInt.of(7), null)))
                .hasMessageEndingWith(": global_batch_size 3072 is not a multiple of the run's 7 GPUs (1 node of "
                        + "dgx-a100)");
    }

    @Test
    void hardwareThatIsNoCatalogedSystemIsRefusedNamingTheOptionAndTheClosestSystems() {
        assertThatThrownBy(() -> importer.importFile(logs(RESNET_1NODE), options(OptionalInt.empty(), "dgx-a100-80")))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageStartingWith("--hardware: 'dgx-a100-80' is not a system of the hardware catalog (closest: "
                        + "dgx-a100-80gb")
                .hasMessageEndingWith("; stepcast hardware list shows them)");
        // A GPU is no system: its GPUs per node are unknown.
        assertThatThrownBy(() -> importer.importFile(logs(RESNET_1NODE), options(OptionalInt.empty(), "nosuch")))
                .hasMessageStartingWith("--hardware: 'nosuch' is not a system of the hardware catalog (closest: ")
                .hasMessageNotContaining("result_0.txt").hasMessageNotContaining("--workers");
    }

    @Test
    void hardwareOverLogsOfDifferentSystemsIsRefusedNamingTwoOfThem() {
        // The folder holds DGX-2H and DGX A100 logs: one --hardware would relabel one GPU type as the other.
        assertThatThrownBy(() -> importer.importFile(logs(""), options(OptionalInt.empty(), "dgx-a100-80gb")))
                .isInstanceOf(DataFormatException.class)
                .hasMessage(logs("v1.0-bert-8nodes/result_1.txt") + ": --hardware dgx-a100-80gb would state one "
                        + "system for logs of different platforms: " + logs("v0.7-bert-dgx2h-1node/result_0.txt")
                        + " names the platform '1xNVIDIA DGX-2H', this log the platform '8xNVIDIA DGX A100'; import "
                        + "each system's logs on their own");
    }

    /** SYNTHETIC: copies of the real one-node and 8-node v1.0 BERT excerpts in one folder. */
    @Test
    void hardwareOverLogsOfOneSystemOnDifferentNodeCountsStatesItForEach(@TempDir Path dir) throws IOException {
        Files.copy(logs(BERT_1NODE + "/result_0.txt"),
                Files.createDirectories(dir.resolve("one")).resolve("result_0.txt"));
        Files.copy(logs("v1.0-bert-8nodes/result_1.txt"), Files.createDirectories(dir.resolve("eight"))
                .resolve("result_1.txt"));
        List<Observation> rows = importer.importFile(dir, options(OptionalInt.empty(), "dgx-a100-80gb")).observations();
        assertThat(rows).extracting(r -> r.config().deployment().hardware()).containsOnly("dgx-a100-80gb");
        assertThat(rows).extracting(r -> r.config().deployment().nodes()).containsExactlyInAnyOrder(1, 8);
    }

    /** SYNTHETIC: the real submission tree with its system file edited to another GPU than the platform names. */
    @Test
    void aSystemFileThatDisagreesWithThePlatformIsOneWarningNamingBoth(@TempDir Path dir) throws IOException {
        Path tree = dir.resolve("NVIDIA");
        Path results = Files.createDirectories(tree.resolve("results/dgxa100_ngc21.05_mxnet/resnet"));
        Files.copy(logs(RESNET_1NODE + "/result_0.txt"), results.resolve("result_0.txt"));
        Path systems = Files.createDirectories(tree.resolve("systems"));
        Path json = systems.resolve("dgxa100_ngc21.05_mxnet.json");
        Files.writeString(json, Files.readString(logs(V10 + "systems/dgxa100_ngc21.05_mxnet.json"))
                .replace("NVIDIA A100-SXM4-80GB (400W)", "V100-SXM3-32GB-H").replace("\"accelerators_per_node\": \"8\"",
                        "\"accelerators_per_node\": \"16\""));
        ImportedObservations r = importer.importFile(results, ImportOptions.none());
        assertThat(r.observations().get(0).config().deployment().hardware()).isEqualTo("dgx-2h");
        assertThat(r.notes()).containsExactly("the system file " + json + " (16 x V100-SXM3-32GB-H, 80 GB per node, "
                + "1 node) is dgx-2h, the platform '1xNVIDIA DGX A100' dgx-a100: used the system file's (pass "
                + "--hardware SYSTEM to choose)");
        // A system file without its count of GPUs is refused naming the file and the field.
        Files.writeString(json, Files.readString(json).replace("\"accelerators_per_node\": \"16\"",
                "\"accelerators_per_node\": \"\""));
        assertThatThrownBy(() -> importer.importFile(results, ImportOptions.none()))
                .isInstanceOf(DataFormatException.class)
                .hasMessage(json + ": accelerators_per_node: a positive count was expected, was ''");
    }

    /** SYNTHETIC: a real excerpt relabelled as another benchmark, beside the real one, as results/ trees hold them. */
    @Test
    void aFolderSkipsLogsOfOtherBenchmarksWithANoteEach(@TempDir Path dir) throws IOException {
        List<String> lines = Files.readAllLines(logs("v1.0-resnet-8nodes/result_1.txt"));
        Path resnet = Files.createDirectories(dir.resolve("resnet"));
        Files.write(resnet.resolve("result_1.txt"), lines);
        Path ssd = Files.createDirectories(dir.resolve("ssd")).resolve("result_0.txt");
        Files.write(ssd, lines.stream().map(l -> l.replace("\"value\": \"resnet\"", "\"value\": \"ssd\"")).toList());
        ImportedObservations r = importer.importFile(dir, ImportOptions.none());
        assertThat(r.observations()).hasSize(1);
        assertThat(r.skipped()).isEqualTo(1);
        assertThat(r.information()).contains(ssd + ":" + (indexOf(lines, "submission_benchmark") + 1)
                + ": benchmark 'ssd' is not supported (mlperf-log reads resnet (ResNet-50) and bert (BERT-large)): "
                + "skipped");
        // The file alone is still refused; a folder with no supported log is refused naming the folder.
        assertThatThrownBy(() -> importer.importFile(ssd, ImportOptions.none()))
                .hasMessageContaining("benchmark 'ssd' is not supported");
        assertThatThrownBy(() -> importer.importFile(ssd.getParent(), ImportOptions.none()))
                .hasMessage(ssd.getParent() + ": no log of a supported benchmark in this folder (1 log of others "
                        + "skipped): mlperf-log reads resnet (ResNet-50) and bert (BERT-large)");
    }

    /** SYNTHETIC: three copies of the one-node BERT log with other closing throughputs, as a submission's runs. */
    @Test
    void severalRunsOfOneSystemAreOneRowAtTheirMedianWithANote(@TempDir Path dir) throws IOException {
        String log = Files.readString(logs(BERT_1NODE + "/result_0.txt"));
        double[] rates = {2100.0, 2193.410654407418, 2250.5};
        for (int i = 0; i < rates.length; i++) {
            Files.writeString(dir.resolve("result_" + i + ".txt"),
                    log.replace("2193.410654407418", Double.toString(rates[i])));
        }
        ImportedObservations r = importer.importFile(dir, ImportOptions.none());
        assertThat(r.observations()).hasSize(1);
        assertThat(throughput(r.observations().get(0))).isEqualTo(2193.410654407418);
        assertThat(r.observations().get(0).tags()).containsEntry("runs", "3");
        assertThat(r.observations().get(0).measurements().runs()).isEqualTo(3);
        assertThat(r.information()).contains("3 runs of BERT-large on '1xNVIDIA DGX A100' are one row, the median of "
                + "their throughputs (2100.0 to 2250.5 samples/s)");
    }

    /** SYNTHETIC cuts and edits of a real excerpt. */
    @Test
    void badLogsAreRefusedWithTheirFileAndLine(@TempDir Path dir) throws IOException {
        List<String> lines = Files.readAllLines(logs(RESNET_1NODE + "/result_0.txt"));
        int global = indexOf(lines, "\"global_batch_size\"");
        List<String> cut = new java.util.ArrayList<>(lines);
        cut.set(global, lines.get(global).substring(0, lines.get(global).length() - 30));
        Path truncated = Files.write(dir.resolve("truncated.txt"), cut);
        assertThatThrownBy(() -> importer.importFile(truncated, ImportOptions.none()))
                .isInstanceOf(DataFormatException.class)
                .hasMessageStartingWith(truncated + ":" + (global + 1) + ": the ':::MLLOG' event is not complete JSON");

        Path noThroughput = Files.write(dir.resolve("no-throughput.txt"),
                lines.stream().filter(l -> !l.contains("\"throughput\"")).toList());
        assertThatThrownBy(() -> importer.importFile(noThroughput, ImportOptions.none()))
                .hasMessage(noThroughput + ": no throughput: the log has no 'throughput' events and no "
                        + "epoch_start/epoch_stop pair");

        Path ssd = Files.write(dir.resolve("ssd.txt"), lines.stream()
                .map(l -> l.replace("\"value\": \"resnet\"", "\"value\": \"ssd\"")).toList());
        assertThatThrownBy(() -> importer.importFile(ssd, ImportOptions.none()))
                .hasMessage(ssd + ":" + (indexOf(lines, "submission_benchmark") + 1) + ": benchmark 'ssd' is not "
                        + "supported: mlperf-log reads resnet (ResNet-50) and bert (BERT-large)");

        Path other = Files.write(dir.resolve("other.txt"), List.of("step,time", "1,0.5"));
        assertThatThrownBy(() -> importer.importFile(other, ImportOptions.none()))
                .hasMessage(other + ": no ':::MLLOG' submission_benchmark event: not an MLPerf Training result log");

        // Cut at a line boundary after two epochs (the QA's head -n 20): no run_stop, refused, not read 20% slow.
        int firstEpoch = indexOf(lines, "\"throughput\"");
        int secondEpoch = firstEpoch + 1 + indexOf(lines.subList(firstEpoch + 1, lines.size()), "\"throughput\"");
        Path unfinished = Files.write(dir.resolve("unfinished.txt"), lines.subList(0, secondEpoch + 1));
        assertThatThrownBy(() -> importer.importFile(unfinished, ImportOptions.none()))
                .isInstanceOf(DataFormatException.class)
                .hasMessage(unfinished + ": no ':::MLLOG' run_stop event in its " + (secondEpoch + 1) + " lines: an "
                        + "unfinished run or a cut log, whose throughput would count only the epochs logged; import "
                        + "the complete log");

        Path unknown = Files.write(dir.resolve("unknown.txt"), lines.stream()
                .map(l -> l.replace("1xNVIDIA DGX A100", "1xACME Box")).toList());
        assertThatThrownBy(() -> importer.importFile(unknown, ImportOptions.none()))
                .hasMessageContaining("submission_platform '1xACME Box' (line "
                        + (indexOf(lines, "submission_platform") + 1) + ") is no count of nodes of a catalogued "
                        + "system: pass --hardware SYSTEM");

        Path empty = Files.createDirectory(dir.resolve("empty"));
        assertThatThrownBy(() -> importer.importFile(empty, ImportOptions.none()))
                .hasMessageStartingWith(empty + ": no result_*.txt file in this folder");
    }

    private static int indexOf(List<String> lines, String text) {
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(text)) {
                return i;
            }
        }
        throw new AssertionError(text);
    }
}
