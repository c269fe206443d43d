package io.stepcast.queueing.simulation;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Send;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Bucketing and overlap of the all-reduce mode on synthetic profiles, against step times computed by hand.
 *
 * <p>The synthetic profile: four layers on one stream, forward ops of 1 ms in layer order, then backward ops of
 * 2 ms in reverse order, each releasing its layer's gradient (layer 0: 2 MB, 1: 4 MB, 2: 6 MB, 3: 2 MB), so the
 * gradients are ready at 6 (layer 3), 8 (2), 10 (1) and 12 ms (0). A synthetic collective costs
 * {@code alpha + bytes / bandwidth}.
 */
class AllReduceSimulatorTest {
    private static final long MB = 1_000_000;
    private static final long[] SIZES = {2 * MB, 4 * MB, 6 * MB, 2 * MB};

    /** The synthetic profile, with an optional 1 ms optimizer op after the backward pass. */
    static Profile synthetic(boolean optimizer, double stepUs) {
        List<ParameterTensor> params = new ArrayList<>();
        List<ComputeOp> ops = new ArrayList<>();
        List<Send> sends = new ArrayList<>();
        double t = 0;
        for (int i = 0; i < 4; i++) {
            params.add(new ParameterTensor("w" + i, SIZES[i]));
            ops.add(new ComputeOp("fwd" + i, "synthetic", 0, t, 1000, Set.of("w" + i)));
            t += 1000;
        }
        for (int i = 3; i >= 0; i--) {
            ops.add(new ComputeOp("bwd" + i, "synthetic", 0, t, 2000, Set.of("w" + i)));
            t += 2000;
            sends.add(new Send("w" + i, SIZES[i], "bwd" + i, t, t));
        }
        if (optimizer) {
            ops.add(new ComputeOp("apply", "synthetic", 0, t, 1000, Set.of()));
            t += 1000;
        }
        return new Profile("synthetic-4", 32, Math.max(stepUs, t), params, List.of(), ops, sends, "synthetic:test");
    }

    /** alpha seconds per call plus bytes over bandwidth. */
    static AllReduceTimer cost(double alphaS, double bytesPerS) {
        return bytes -> alphaS + bytes / bytesPerS;
    }

    private static double stepMs(Profile p, int workers, AllReduceTimer cost, double bucketMb) {
        AllReduceSetup s = new AllReduceSetup(workers, cost, bucketMb * MB, 1.0, 1, 0);
        return new AllReduceSimulator(CompiledProfile.of(p), s, 0, null).run().stepTimeS() * 1e3;
    }

    @Test
    void bucketsFollowTheBackwardReleaseOrderAndCloseAtTheCap() {
        CompiledProfile p = CompiledProfile.of(synthetic(false, 0));
        GradientBuckets none = GradientBuckets.of(p, 0);
        assertThat(none.count()).isEqualTo(4);
        // released last layer first: 2, 6, 4, 2 MB
        assertThat(List.of(none.bytes(0), none.bytes(1), none.bytes(2), none.bytes(3)))
                .containsExactly(2e6, 6e6, 4e6, 2e6);
        GradientBuckets five = GradientBuckets.of(p, 5 * MB);
        assertThat(five.count()).isEqualTo(2);
        assertThat(five.bytes(0)).isEqualTo(8e6);
        assertThat(five.bytes(1)).isEqualTo(6e6);
        GradientBuckets six = GradientBuckets.of(p, 6 * MB);
        // 2 + 6 = 8 closes the first; 4 + 2 = 6 reaches the cap exactly and closes the second
        assertThat(six.count()).isEqualTo(2);
        GradientBuckets all = GradientBuckets.of(p, 100 * MB);
        assertThat(all.count()).isEqualTo(1);
        assertThat(all.bytes(0)).isEqualTo(14e6);
    }

    @Test
    void oneCommunicationStreamSerialisesTheBuckets() {
        Profile p = synthetic(false, 0);
        AllReduceTimer slow = cost(2e-3, 1e9); // 2 ms + 1 ms per MB
        // One bucket per gradient: 6->10, 10->18, 18->24, 24->28 ms.
        assertThat(stepMs(p, 2, slow, 0)).isCloseTo(28.0, within(1e-9));
        // 5 MB buckets {2+6 MB ready at 8 ms, 10 ms}: 8->18; {4+2 MB ready at 12 ms, 8 ms}: 18->26.
        assertThat(stepMs(p, 2, slow, 5)).isCloseTo(26.0, within(1e-9));
        // One bucket of 14 MB ready at 12 ms: 12->28.
        assertThat(stepMs(p, 2, slow, 100)).isCloseTo(28.0, within(1e-9));
    }

    @Test
    void collectivesOverlapTheRestOfTheBackwardPass() {
        Profile p = synthetic(false, 0);
        AllReduceTimer fast = cost(1e-4, 1e10); // 0.1 ms + 0.1 ms per MB
        // 6->6.3, 8->8.7, 10->10.5, 12->12.3: only the last bucket is exposed.
        assertThat(stepMs(p, 8, fast, 0)).isCloseTo(12.3, within(1e-9));
    }

    @Test
    void theOptimizerStepWaitsForTheLastBucket() {
        Profile p = synthetic(true, 0);
        AllReduceTimer slow = cost(2e-3, 1e9);
        // 5 MB buckets end at 26 ms, then the 1 ms optimizer op.
        assertThat(stepMs(p, 2, slow, 5)).isCloseTo(27.0, within(1e-9));
        // One worker does no collective: 12 ms of compute and the optimizer op.
        assertThat(stepMs(p, 1, slow, 5)).isCloseTo(13.0, within(1e-9));
    }

    @Test
    void identicalWorkersAreSimulatedByOneRepresentative() {
        Profile p = synthetic(false, 0);
        AllReduceTimer slow = cost(2e-3, 1e9);
        AllReduceSetup s64 = new AllReduceSetup(64, slow, 5 * MB, 1.0, 3, 0);
        RunResult r = new AllReduceSimulator(CompiledProfile.of(p), s64, 0, null).run();
        assertThat(r.stepTimeS() * 1e3).isCloseTo(26.0, within(1e-9));
        assertThat(r.stepsPerS()).isCloseTo(64 / 0.026, within(1e-6));
        // one representative replayed per step: 8 ops and 2 collectives, three steps
        assertThat(r.events()).isEqualTo(3 * (8 + 2));
        // With compute jitter every worker is replayed and the slowest one sets each bucket's start.
        AllReduceSetup jittered = new AllReduceSetup(64, slow, 5 * MB, 1.0, 3, 0.2);
        RunResult j = new AllReduceSimulator(CompiledProfile.of(p), jittered, 7, null).run();
        assertThat(j.events()).isEqualTo(3 * (64 * 8 + 2));
        assertThat(j.stepTimeS()).isGreaterThan(r.stepTimeS());
    }

    @Test
    void calibrationMakesOneWorkerReproduceTheProfiledStep() {
        // Profiled step of 15 ms around 12 ms of ops: the 3 ms the ops do not show go into the compute scale.
        CompiledProfile p = CompiledProfile.of(synthetic(false, 15_000));
        double scale = AllReduceSimulator.calibrate(p);
        assertThat(scale).isCloseTo(1.25, within(1e-12));
        AllReduceSetup one = new AllReduceSetup(1, cost(1, 1), 25 * MB, scale, 1, 0);
        assertThat(new AllReduceSimulator(p, one, 0, null).run().stepTimeS()).isCloseTo(0.015, within(1e-12));
    }
}
