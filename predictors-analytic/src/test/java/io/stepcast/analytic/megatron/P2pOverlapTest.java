package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** The interleaved schedule's overlapped stage-boundary sends, closed form and simulation, on synthetic times. */
class P2pOverlapTest {

    /** Synthetic: p = 2 stages of v = 2 chunks, m = 4, each chunk's forward 1 s and backward 2 s, every message s. */
    private static double simulated(double s, boolean overlap) {
        int n = 4;
        double[] fw = new double[n];
        double[] bw = new double[n];
        double[] send = new double[n - 1];
        Arrays.fill(fw, 1);
        Arrays.fill(bw, 2);
        Arrays.fill(send, s);
        return PipelineSimulation.run(new PipelineSimulation.Spec(fw, bw, send, new double[2], 0, new double[2], 4,
                false, 2, overlap)).iterationS();
    }

    @Test
    void freeMessagesCostTheSameEitherWay() {
        assertThat(simulated(0, true)).isEqualTo(simulated(0, false));
    }

    @ParameterizedTest
    @ValueSource(doubles = {0.25, 0.5, 1, 3})
    void overlappedSendsCostLessThanBlockingOnesButNotNothing(double s) {
        double free = simulated(0, false);
        double overlapped = simulated(s, true);
        double blocking = simulated(s, false);
        assertThat(overlapped).isLessThan(blocking);
        // Warm-up and cool-down sends and the fill and drain hops stay exposed.
        assertThat(overlapped).isGreaterThan(free);
    }

    @Test
    void theClosedFormHidesSteadyMessagesBehindTheNextPass() {
        // Synthetic layout p = 2, v = 2, m = 4: v m = 8 passes of each kind; the first stage's warm-up
        // 2 (p - 1) + (v - 1) p = 4 forward passes, so 4 steady steps.
        ParallelLayout layout = ParallelLayout.builderForGlobalBatch(1, 2, 1, 1, 4).virtualStages(2).build();
        P2pOverlap o = P2pOverlap.of(layout, 1.0 / 3);
        assertThat(o.on()).isTrue();
        assertThat(o.steadySteps()).isEqualTo(4);
        // v m + p - 1 = 9 exchanges; a stage's micro-batch 6 s, a chunk 3 s: forward 1 s, backward 2 s.
        // Message 0.5 s: each steady message hides behind the next pass; the other 5 exchanges cost 2 x 0.5 s.
        assertThat(o.exposedS(9, 0.5, 6)).isCloseTo(5, within(1e-12));
        // Message 1.5 s: the activation hides behind the 2 s backward pass, the gradient exceeds the 1 s forward
        // pass by 0.5 s: 5 x 3 + 4 x 0.5.
        assertThat(o.exposedS(9, 1.5, 6)).isCloseTo(17, within(1e-12));
        assertThat(P2pOverlap.NONE.exposedS(9, 1.5, 6)).isEqualTo(27);
    }

    @Test
    void onlyTheInterleavedScheduleOverlaps() {
        ParallelLayout plain = ParallelLayout.builderForGlobalBatch(1, 4, 1, 1, 16).build();
        assertThat(P2pOverlap.of(plain, 1.0 / 3)).isEqualTo(P2pOverlap.NONE);
        ParallelLayout interleaved = ParallelLayout.builderForGlobalBatch(1, 4, 1, 1, 16).virtualStages(2)
                .recompute(Recompute.FULL).build();
        P2pOverlap o = P2pOverlap.of(interleaved, 0.25);
        // v m = 32, warm-up 2 x 3 + 1 x 4 = 10.
        assertThat(o.steadySteps()).isEqualTo(22);
        // A warm-up at least v m leaves nothing to hide behind.
        ParallelLayout short_ = ParallelLayout.builderForGlobalBatch(1, 4, 1, 1, 4).virtualStages(2).build();
        assertThat(P2pOverlap.of(short_, 1.0 / 3).steadySteps()).isZero();
    }

    @Test
    void warmUpCoolDownAndTheLastPassBlock() {
        // 12 passes, 3 of warm-up: steady passes 3 to 8.
        for (int n = 0; n < 12; n++) {
            assertThat(P2pOverlap.asynchronous(true, n, 3, 12)).as("pass " + n).isEqualTo(n >= 3 && n < 9);
            assertThat(P2pOverlap.asynchronous(false, n, 3, 12)).isFalse();
        }
        assertThat(P2pOverlap.asynchronous(true, 1, 0, 2)).isFalse();
    }

    @Test
    void aLayoutStatingTheOverlapOffSendsAsTheBlockingScheduleDoes() {
        // Synthetic GPT shape on the catalog's DGX A100: p = 4, v = 3, m = 8 with overlap_p2p_comm false costs every
        // exchange 2 s, as P2pOverlap.NONE; the default (on) hides the steady ones.
        TransformerShape gpt = new TransformerShape(24, 2048, 16, 2048, 51200, 4 * 2048);
        HardwareCatalog hw = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(hw, hw.system("dgx-a100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-a100").orElseThrow())).orElseThrow();
        ParallelLayout on = ParallelLayout.builder(1, 4, 2, 1, 8).virtualStages(3).build();
        ParallelLayout off = on.toBuilder().overlapP2pComm(false).build();
        assertThat(P2pOverlap.of(off, 1.0 / 3)).isEqualTo(P2pOverlap.NONE);
        assertThat(P2pOverlap.overlapped(off)).isFalse();
        JobTerms.Breakdown blocking = model.terms(gpt, off).breakdown(Efficiency.VTRAIN_A100, false);
        JobTerms.Breakdown overlapped = model.terms(gpt, on).breakdown(Efficiency.VTRAIN_A100, false);
        JobTerms.Breakdown plain = model.terms(gpt, ParallelLayout.builder(1, 4, 2, 1, 8).build())
                .breakdown(Efficiency.VTRAIN_A100, false);
        // v m + p - 1 = 27 blocking exchanges against the plain schedule's 11; the default leaves 17 exposed.
        assertThat(blocking.p2pS() / plain.p2pS()).isCloseTo(27.0 / 11, within(1e-9));
        assertThat(overlapped.p2pS() / plain.p2pS()).isCloseTo(17.0 / 11, within(1e-9));
        assertThat(blocking.stageS()).isEqualTo(overlapped.stageS());
    }
}
