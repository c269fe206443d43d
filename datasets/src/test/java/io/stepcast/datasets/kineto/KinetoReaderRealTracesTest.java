package io.stepcast.datasets.kineto;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.SharedData;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.parquet.OpTraceFiles;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The three real PyTorch profiler traces of {@code shared/data/kineto} (HolisticTraceAnalysis test data). The
 * expected step counts and medians were computed independently, with a short Python script that loads each
 * json.gz with {@code json}/{@code gzip} and takes {@code statistics.median} of the {@code dur} of every
 * {@code ph: X} event named {@code ProfilerStep#N}:
 * <ul>
 *   <li>resnet_v100_world1_rank0: 5 steps (#101-#105), median 95,551.087 us;</li>
 *   <li>a100_world2_rank0: 3 steps (#4-#6), median 222,442.191 us, 21 NCCL kernels;</li>
 *   <li>a100_world8_rank3: 6 steps (#1009-#1014), median 76,833.5 us, 60 NCCL kernels.</li>
 * </ul>
 */
class KinetoReaderRealTracesTest {
    @TempDir
    Path dir;

    private static Path trace(String name) {
        return SharedData.of("kineto/" + name + ".pt.trace.json.gz");
    }

    /** The summary of a trace, checked against the independently computed steps, median and world size. */
    private static ProfileSummary summary(String name, int steps, double medianS, int worldSize) throws IOException {
        ProfileSummary s = new KinetoReader().summarise(trace(name));
        assertThat(s.format()).isEqualTo("kineto");
        assertThat(s.stepTimesS()).hasSize(steps);
        assertThat(s.medianStepS()).isCloseTo(medianS, within(0.02 * medianS));
        assertThat(s.worldSize()).isEqualTo(worldSize);
        return s;
    }

    @Test
    void resnetOnOneV100FindsEveryStepAndItsMedian() throws IOException {
        ProfileSummary s = summary("resnet_v100_world1_rank0", 5, 0.095551087, 1);
        assertThat(s.device()).isEqualTo("Tesla V100-SXM2-32GB");
        assertThat(s.collectives()).isEmpty();
        assertThat(s.computeS()).isPositive().isLessThan(s.meanStepS() * 1.5);
    }

    @Test
    void twoRankA100JobHasItsAllReducesWithMeasuredBytes() throws IOException {
        ProfileSummary s = summary("a100_world2_rank0", 3, 0.222442191, 2);
        assertThat(s.device()).isEqualTo("NVIDIA A100-PG509-200");
        assertThat(s.collectives()).extracting(ProfileSummary.CollectiveCount::op).contains("all-reduce");
        ProfileSummary.CollectiveCount ar = s.collectives().stream().filter(c -> c.op().equals("all-reduce"))
                .findFirst().orElseThrow();
        assertThat(ar.count()).isGreaterThan(0);
        assertThat(ar.bytes()).isPresent();
        assertThat(s.communicationS()).isPositive();
        assertThat(s.exposedCommunicationS()).isBetween(0.0, s.communicationS());

        Profile p = new KinetoReader().readProfile(trace("a100_world2_rank0"));
        assertThat(p.rank().worldSize()).isEqualTo(2);
        assertThat(p.rank().rank()).isZero();
        assertThat(p.collectives()).isNotEmpty().allMatch(c -> c.bytes().isPresent() && c.bytesMeasured());
        assertThat(p.stepTimeUs()).isCloseTo(222442.191, within(1.0));
    }

    @Test
    void eightRankJobTakesTheAllToAllFromItsAnnotationsWithTheirInputDims() throws IOException {
        ProfileSummary s = summary("a100_world8_rank3", 6, 0.0768335, 8);
        assertThat(s.collectives()).extracting(ProfileSummary.CollectiveCount::op)
                .contains("all-to-all", "all-reduce");
        Profile p = new KinetoReader().readProfile(trace("a100_world8_rank3"));
        assertThat(p.rank().rank()).isEqualTo(3);
        assertThat(p.collectives()).anyMatch(c -> c.kind() == Collective.ALL_TO_ALL && c.bytesMeasured());
    }

    @Test
    void theOpTraceGivesBackTheSameProfile() throws IOException {
        Path out = dir.resolve("world2.parquet");
        KinetoReader.Result r = new KinetoReader().writeOpTrace(trace("a100_world2_rank0"), out);
        assertThat(r.rows()).isGreaterThan(1000);
        Profile fromParquet = OpTraceFiles.readProfile(out);
        assertThat(fromParquet.rank()).isEqualTo(r.profile().rank());
        assertThat(fromParquet.collectives()).extracting(CollectiveOp::kind)
                .isEqualTo(r.profile().collectives().stream().map(CollectiveOp::kind).toList());
        assertThat(fromParquet.ops()).hasSize(r.profile().ops().size());
        assertThat(fromParquet.stepTimeUs()).isEqualTo(r.profile().stepTimeUs());
        assertThat(OpTraceFiles.read(out)).hasSize((int) r.rows());
    }
}
