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
        Observation one = only("v1.0-resnet-1node", ImportOptions.none());
        assertThat(one.config().workload().model()).isEqualTo("ResNet-50");
        assertThat(one.config().workload().dataset()).isEqualTo("imagenet");
        assertThat(one.config().deployment().hardware()).isEqualTo("dgx-a100");
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

        Observation eight = only("v1.0-resnet-8nodes", ImportOptions.none());
        assertThat(eight.config().deployment().nodes()).isEqualTo(8);
        assertThat(eight.config().deployment().workers()).isEqualTo(64);
        assertThat(eight.config().localBatch()).isEqualTo(204);
        // 45 epochs, the first at 140,186 images/s (warm-up); mlperf-resnet50-many-nodes.csv says 198,553.8.
        assertThat(throughput(eight)).isCloseTo(198684.47, within(0.01));
        assertThat(throughput(eight) / 198553.8 - 1).isBetween(-0.001, 0.001);
    }

    @Test
    void aV07ResNetLogWithoutThroughputEventsIsTheTrainingSetOverItsMedianEpoch() throws IOException {
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
        Observation one = only("v1.0-bert-1node", ImportOptions.none());
        assertThat(one.config().workload().model()).isEqualTo("BERT-large");
        // NVIDIA's BERT command line has no --dtype: the parameter bytes are left to the predictors.
        assertThat(one.config().workload().parameterBytes()).isEmpty();
        assertThat(one.config().deployment().workers()).isEqualTo(8);
        assertThat(one.config().localBatch()).isEqualTo(56);
        assertThat(throughput(one)).isEqualTo(2193.410654407418);
        Observation eight = only("v1.0-bert-8nodes", ImportOptions.none());
        assertThat(eight.config().deployment().nodes()).isEqualTo(8);
        assertThat(eight.config().deployment().workers()).isEqualTo(64);
        assertThat(eight.config().localBatch()).isEqualTo(48);
        assertThat(throughput(eight)).isEqualTo(18317.727524476097);
        // v0.7: 16 V100 of one DGX-2H at 27 per GPU; 32 DGX-2H, whose 18 per GPU probe21 derived from the step's
        // samples, is the log's own global_batch_size 9216 over 512 GPUs.
        Observation dgx2h = only("v0.7-bert-dgx2h-1node", ImportOptions.none());
        assertThat(dgx2h.config().deployment().hardware()).isEqualTo("dgx-2h");
        assertThat(dgx2h.config().deployment().workers()).isEqualTo(16);
        assertThat(dgx2h.config().localBatch()).isEqualTo(27);
        assertThat(throughput(dgx2h)).isEqualTo(1269.6523198307439);
        Observation n32 = only("v0.7-bert-dgx2h-32nodes", ImportOptions.none());
        assertThat(n32.config().deployment().nodes()).isEqualTo(32);
        assertThat(n32.config().deployment().workers()).isEqualTo(512);
        assertThat(n32.config().localBatch()).isEqualTo(18);
        assertThat(throughput(n32)).isEqualTo(28463.669842543146);
    }

    @Test
    void aFolderOfSubmissionsIsOneRowPerSystemAndBenchmark() throws IOException {
        ImportedObservations r = importer.importFile(logs(""), ImportOptions.none());
        assertThat(r.observations()).hasSize(7);
        assertThat(r.observations()).extracting(o -> o.config().deployment().workers())
                .containsExactlyInAnyOrder(8, 64, 16, 8, 64, 16, 512);
        assertThat(r.notes()).contains("platform '8xNVIDIA DGX A100' is 8 nodes of dgx-a100");
    }

    @Test
    void hardwareAndWorkersStatedOnTheCommandLineReplaceWhatThePlatformSays() throws IOException {
        ImportOptions eighty = new ImportOptions(Optional.empty(), OptionalInt.empty(), Optional.empty(), 0,
                Optional.of("dgx-a100-80gb"),
                Optional.empty());
        Observation o = only("v1.0-bert-8nodes", eighty);
        assertThat(o.config().deployment().hardware()).isEqualTo("dgx-a100-80gb");
        assertThat(o.config().deployment().nodes()).isEqualTo(8);
        assertThat(o.config().deployment().workers()).isEqualTo(64);
        assertThat(importer.importFile(logs("v1.0-bert-8nodes"), eighty).notes()).contains(
                "--hardware dgx-a100-80gb stands for the platform '8xNVIDIA DGX A100' of the logs, whose 8 nodes it "
                        + "keeps");
        ImportOptions workers = new ImportOptions(Optional.empty(), OptionalInt.of(32), Optional.empty(), 0);
        assertThat(only("v1.0-bert-8nodes", workers).config().localBatch()).isEqualTo(96);
    }

    /** SYNTHETIC: three copies of the one-node BERT log with other closing throughputs, as a submission's runs. */
    @Test
    void severalRunsOfOneSystemAreOneRowAtTheirMedianWithANote(@TempDir Path dir) throws IOException {
        String log = Files.readString(logs("v1.0-bert-1node/result_0.txt"));
        double[] rates = {2100.0, 2193.410654407418, 2250.5};
        for (int i = 0; i < rates.length; i++) {
            Files.writeString(dir.resolve("result_" + i + ".txt"),
                    log.replace("2193.410654407418", Double.toString(rates[i])));
        }
        ImportedObservations r = importer.importFile(dir, ImportOptions.none());
        assertThat(r.observations()).hasSize(1);
        assertThat(throughput(r.observations().get(0))).isEqualTo(2193.410654407418);
        assertThat(r.observations().get(0).tags()).containsEntry("runs", "3");
        assertThat(r.notes()).contains("3 runs of BERT-large on '1xNVIDIA DGX A100' are one row, the median of their "
                + "throughputs (2100.0 to 2250.5 samples/s)");
    }

    /** SYNTHETIC cuts and edits of a real excerpt. */
    @Test
    void badLogsAreRefusedWithTheirFileAndLine(@TempDir Path dir) throws IOException {
        List<String> lines = Files.readAllLines(logs("v1.0-resnet-1node/result_0.txt"));
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

        ImportOptions seven = new ImportOptions(Optional.empty(), OptionalInt.of(7), Optional.empty(), 0);
        assertThatThrownBy(() -> importer.importFile(logs("v1.0-resnet-1node/result_0.txt"), seven))
                .hasMessageEndingWith(": global_batch_size 3264 is not a multiple of the run's 7 GPUs (1 node of "
                        + "dgx-a100): pass --workers N");

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
