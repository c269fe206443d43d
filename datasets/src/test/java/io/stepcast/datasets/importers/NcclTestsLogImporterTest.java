package io.stepcast.datasets.importers;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
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
 * nccl-tests standard output as users publish it: two real logs of clusters that are not in {@code shared/data}
 * (transcribed under {@code src/test/resources/nccl-tests-logs/}, whose README cites repository, commit and file),
 * and SYNTHETIC snippets for the mechanics of older or pasted formats.
 */
class NcclTestsLogImporterTest {
    private final NcclTestsLogImporter importer = new NcclTestsLogImporter();

    private static Path resource(String name) throws URISyntaxException {
        return Path.of(Objects.requireNonNull(NcclTestsLogImporterTest.class.getResource("/nccl-tests-logs/" + name))
                .toURI());
    }

    private static ImportOptions hardware(String label) {
        return new ImportOptions(Optional.empty(), OptionalInt.empty(), Optional.empty(), 0, Optional.of(label),
                Optional.empty());
    }

    private static double seconds(Observation o) {
        return o.value(Target.STEP_TIME).orElseThrow();
    }

    /** Two GCP A3 Mega nodes of eight H100: the command line in the paste names the test; 16 ranks on 2 hosts. */
    @Test
    void aTwoNodeH100AllReduceLogGivesOneRowPerMessageSize() throws Exception {
        ImportedObservations r = importer.importFile(resource("a3mega-2x8-h100-all_reduce.log"),
                hardware("gcp-a3-highgpu-8g+nics=8"));
        List<Observation> rows = r.observations();
        assertThat(rows).hasSize(31);
        Observation last = rows.get(30);
        assertThat(last.config().model()).isEqualTo("all-reduce");
        assertThat(last.config().workers()).isEqualTo(16);
        assertThat(last.config().deployment().nodes()).isEqualTo(2);
        assertThat(last.config().workload().parameterBytes().getAsLong()).isEqualTo(8_589_934_592L);
        assertThat(seconds(last)).isCloseTo(0.047535, within(1e-9));
        assertThat(last.tag("in_place_time_us", "")).isEqualTo("47743.0");
        assertThat(last.config().deployment().hardware()).isEqualTo("gcp-a3-highgpu-8g+nics=8");
        assertThat(seconds(rows.get(0))).isCloseTo(135.8e-6, within(1e-12));
        assertThat(rows.get(0).config().workload().parameterBytes().getAsLong()).isEqualTo(8);
    }

    /** A --hardware label the catalog lacks, or whose GPU is not the ranks', is kept with a note saying so. */
    @Test
    void aStatedSystemThatIsUnknownOrOfAnotherGpuIsNoted() throws Exception {
        ImportedObservations same = importer.importFile(resource("a3mega-2x8-h100-all_reduce.log"),
                hardware("gcp-a3-highgpu-8g+nics=8"));
        assertThat(same.notes()).isEmpty();
        ImportedObservations other = importer.importFile(resource("a3mega-2x8-h100-all_reduce.log"),
                hardware("dgx-a100"));
        assertThat(other.observations()).hasSize(31);
        assertThat(other.notes()).singleElement().asString().contains("--hardware dgx-a100 has A100-SXM4-40GB GPUs, "
                + "but the log's ranks ran on H100-SXM5-80GB (kept as stated)");
        ImportedObservations unknown = importer.importFile(resource("a3mega-2x8-h100-all_reduce.log"),
                hardware("nosuchsys"));
        assertThat(unknown.notes()).singleElement().asString().contains("--hardware: hardware 'nosuchsys' is not in "
                + "the hardware catalog");
    }

    /** Without --hardware, the ranks' device as the driver names it, resolved in the catalog when it is there. */
    @Test
    void withoutAHardwareLabelTheRanksDeviceIsTheLabel() throws Exception {
        ImportedObservations r = importer.importFile(resource("a3mega-2x8-h100-all_reduce.log"), ImportOptions.none());
        assertThat(r.observations().get(0).config().deployment().hardware()).isEqualTo("H100-SXM5-80GB");
    }

    /**
     * CSCS's Alps documentation: two runs on two nodes of four GH200 pasted in one page, indented, each after
     * eight lines of loader warnings; the page names each run with "Collective test starting". GH200 is not in the
     * catalog, which a note says.
     */
    @Test
    void twoIndentedRunsOfOnePageAreReadApart() throws Exception {
        ImportedObservations r = importer.importFile(resource("alps-2x4-gh200-all_reduce.md"), ImportOptions.none());
        assertThat(r.observations()).hasSize(50);
        assertThat(r.observations()).allSatisfy(o -> {
            assertThat(o.config().workers()).isEqualTo(8);
            assertThat(o.config().deployment().nodes()).isEqualTo(2);
            assertThat(o.config().model()).isEqualTo("all-reduce");
        });
        assertThat(r.observations().get(24).source()).endsWith("#run1");
        assertThat(seconds(r.observations().get(24))).isCloseTo(1916.4e-6, within(1e-12));
        // Without the network plugin the same 128 MiB took 23 times as long.
        assertThat(seconds(r.observations().get(49))).isCloseTo(43293e-6, within(1e-12));
        assertThat(r.observations().get(49).source()).endsWith("#run2");
        assertThat(r.notes()).singleElement().asString().contains("NVIDIA GH200 120GB", "not in the hardware catalog");
    }

    /** SYNTHETIC: an older header (no root column), a paste without the leading '#', an all-gather in milliseconds. */
    @Test
    void olderAndPastedFormatsAreRead(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("all_gather_perf-synthetic.txt");
        Files.write(f, List.of(
                " nThread 1 nGpus 4 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20",
                "                                                 out-of-place                    in-place",
                "       size         count    type   redop     time   algbw   busbw  error     time   algbw   busbw"
                        + "  error",
                "        (B)    (elements)                     (ms)  (GB/s)  (GB/s)            (ms)  (GB/s)  (GB/s)",
                "    1048576         65536   float    none    0.250    4.19    3.15  0e+00    0.240    4.37    3.28"
                        + "  0e+00",
                "host:123:456 [0] NCCL INFO comm 0x1 rank 0 nranks 4 - Destroy COMPLETE",
                "    2097152        131072   float    none    0.400    5.24    3.93  0e+00    0.390    5.38    4.03"
                        + "  0e+00"));
        List<Observation> rows = importer.importFile(f, ImportOptions.none()).observations();
        assertThat(rows).hasSize(2);
        assertThat(rows.get(1).config().model()).isEqualTo("all-gather");
        assertThat(rows.get(1).config().workers()).isEqualTo(4);
        assertThat(rows.get(1).config().deployment().nodes()).isEqualTo(1);
        assertThat(seconds(rows.get(1))).isCloseTo(0.4e-3, within(1e-12));
    }

    /**
     * SYNTHETIC, in the form of a published two-node GH200 run launched by MPI (one process per GPU): no '# Rank' lines
     * and {@code nThread 1 nGpus 1}. --workers gives the ranks, and the nodes follow from the system's GPUs per node;
     * without it the one process's GPU is taken, with a note saying so.
     */
    @Test
    void anMpiLaunchWithoutRankLinesTakesTheRanksFromWorkers(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("all_reduce_perf-mpi.txt");
        Files.write(f, List.of(
                "# nThread 1 nGpus 1 minBytes 1048576 maxBytes 2097152 step: 2(factor) warmup iters: 5 iters: 20",
                "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw"
                        + "   busbw #wrong",
                "     1048576        262144     float     sum      -1    100.0   10.49   18.35      0    100.0   10.49"
                        + "   18.35      0",
                "     2097152        524288     float     sum      -1    150.0   13.98   24.47      0    150.0   13.98"
                        + "   24.47      0"));
        String fourPerNode = "H100-SXM5-80GB+gpus=4+intra=nvlink-4+nic=eth-200g+nics=4";
        ImportOptions eight = new ImportOptions(Optional.of("all-reduce"), OptionalInt.of(8), Optional.empty(), 0,
                Optional.of(fourPerNode), Optional.empty());
        Observation row = importer.importFile(f, eight).observations().get(0);
        assertThat(row.config().workers()).isEqualTo(8);
        assertThat(row.config().deployment().nodes()).isEqualTo(2);
        ImportedObservations alone = importer.importFile(f, new ImportOptions(Optional.of("all-reduce"),
                OptionalInt.empty(), Optional.empty(), 0, Optional.of(fourPerNode), Optional.empty()));
        assertThat(alone.observations().get(0).config().workers()).isEqualTo(1);
        assertThat(alone.notes()).anyMatch(n -> n.contains("lists no '# Rank' lines") && n.contains("--workers N"));
    }

    /** SYNTHETIC: a log that never names its test asks for --model, naming the file and line; --model answers. */
    @Test
    void aLogThatNamesNoCollectiveAsksForIt(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("run.txt");
        Files.write(f, List.of(
                "# nThread 1 nGpus 2 minBytes 8 maxBytes 16 step: 2(factor) warmup iters: 5 iters: 20",
                "#       size         count      type   redop    root     time   algbw   busbw #wrong     time   algbw"
                        + "   busbw #wrong",
                "           8             2     float     sum      -1    10.00    0.00    0.00      0    10.00    0.00"
                        + "    0.00      0"));
        assertThatThrownBy(() -> importer.importFile(f, ImportOptions.none()))
                .isInstanceOf(DataFormatException.class)
                .hasMessageContaining("run.txt:1").hasMessageContaining("--model all-reduce");
        ImportOptions named = new ImportOptions(Optional.of("reduce-scatter"), OptionalInt.empty(), Optional.empty(),
                0);
        assertThat(importer.importFile(f, named).observations().get(0).config().model()).isEqualTo("reduce-scatter");
        assertThat(importer.importFile(f, named).observations().get(0).config().workers()).isEqualTo(2);
        // --workers 1 is a statement, not the default: it replaces the nThread 1 x nGpus 2 of the log.
        ImportOptions one = new ImportOptions(Optional.of("reduce-scatter"), OptionalInt.of(1), Optional.empty(), 0);
        assertThat(importer.importFile(f, one).observations().get(0).config().workers()).isEqualTo(1);
    }

    /**
     * SYNTHETIC: a script's output with two tests, each announced by "Collective test starting" just before its
     * nThread line, as recent nccl-tests print it: each run is its own collective.
     */
    @Test
    void eachAnnouncedRunKeepsItsOwnCollective(@TempDir Path dir) throws IOException {
        String header = "#       size         count      type   redop    root     time   algbw   busbw #wrong"
                + "     time   algbw   busbw #wrong";
        Path f = dir.resolve("sweep.log");
        Files.write(f, List.of(
                "# Collective test starting: all_reduce_perf",
                "# nThread 1 nGpus 8 minBytes 8 maxBytes 8 step: 2(factor) warmup iters: 5 iters: 20",
                header,
                "           8             2     float     sum      -1    20.00    0.00    0.00      0    20.00    0.00"
                        + "    0.00      0",
                "# Collective test concluded: all_reduce_perf",
                "# Collective test starting: all_gather_perf",
                "# nThread 1 nGpus 8 minBytes 64 maxBytes 64 step: 2(factor) warmup iters: 5 iters: 20",
                header,
                "          64             2     float    none      -1    15.00    0.00    0.00      0    15.00    0.00"
                        + "    0.00      0"));
        List<Observation> rows = importer.importFile(f, ImportOptions.none()).observations();
        assertThat(rows).extracting(o -> o.config().model()).containsExactly("all-reduce", "all-gather");
    }

    /** SYNTHETIC: a file with no table is refused with what was expected. */
    @Test
    void aFileWithoutATableIsRefused(@TempDir Path dir) throws IOException {
        Path f = dir.resolve("all_reduce_perf.log");
        Files.write(f, List.of("# nThread 1 nGpus 8", "Segmentation fault"));
        assertThatThrownBy(() -> importer.importFile(f, ImportOptions.none()))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("no nccl-tests table found");
    }
}
