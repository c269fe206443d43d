package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The activation memory against Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models",
 * MLSys 2023, table 2, worked by hand for GPT-3 175B's layer (s = 2048, h = 12288, a = 96; Brown et al. 2020) at
 * micro-batch 1: s b h = 25,165,824, and with t = 8 the attention term 5 a s / (h t) = 10, 24 / t = 3, 34 / t = 4.25.
 */
class ActivationMemoryTest {
    private static final TransformerShape GPT3 = new TransformerShape(96, 12288, 96, 2048, 51200, 4 * 12288);
    private static final double SBH = 2048.0 * 12288;

    private static double perLayer(int t, boolean sp, Recompute r) {
        return ActivationMemory.perLayer(GPT3, ParallelLayout.builder(t, 1, 1, 1, 1).sequenceParallel(sp).recompute(r)
                .precision(Precision.BF16).build());
    }

    @Test
    void withoutParallelismALayerStoresThirtyFourPlusTheAttentionScores() {
        // s b h (34 + 5 a s / h) = s b h (34 + 80) = 114 s b h
        assertThat(perLayer(1, false, Recompute.NONE)).isCloseTo(114 * SBH, within(1.0));
        assertThat(114 * SBH).isEqualTo(2_868_903_936.0);
    }

    @Test
    void tensorParallelismAloneLeavesTenReplicatedBytes() {
        // s b h (10 + 24 / t + 5 a s / (h t)) = s b h (10 + 3 + 10) = 578,813,952 bytes
        assertThat(perLayer(8, false, Recompute.NONE)).isCloseTo(578_813_952.0, within(1.0));
    }

    @Test
    void sequenceParallelismSplitsTheRest() {
        // s b h (34 / t + 5 a s / (h t)) = s b h 14.25 = 358,612,992 bytes
        assertThat(perLayer(8, true, Recompute.NONE)).isCloseTo(358_612_992.0, within(1.0));
    }

    @Test
    void selectiveRecomputationDropsTheAttentionTerm() {
        // s b h (10 + 24 / t) = 13 s b h; with sequence parallelism s b h 34 / t = 4.25 s b h
        assertThat(perLayer(8, false, Recompute.SELECTIVE)).isCloseTo(327_155_712.0, within(1.0));
        assertThat(perLayer(8, true, Recompute.SELECTIVE)).isCloseTo(106_954_752.0, within(1.0));
        // 5 a s / h = 80 of 114 at t = 1: selective recomputation saves 70% (Korthikanti et al., section 5)
        assertThat(1 - perLayer(1, false, Recompute.SELECTIVE) / perLayer(1, false, Recompute.NONE))
                .isCloseTo(0.70, within(0.01));
    }

    @Test
    void fp32ActivationsDoubleEveryTensorButTheOneByteDropoutMasks() {
        // s b h (18 + 48 / t + 9 a s / (h t)) at t = 8: 18 + 6 + 18 = 42 s b h; the masks (2 s b h and a s^2 b) stay
        ParallelLayout fp32 = ParallelLayout.builder(8, 1, 1, 1, 1).precision(Precision.FP32).build();
        assertThat(ActivationMemory.perLayer(GPT3, fp32)).isCloseTo(42 * SBH, within(1.0));
        assertThat(ActivationMemory.perLayer(GPT3, fp32) / perLayer(8, false, Recompute.NONE))
                .isLessThan(2).isGreaterThan(1.8);
        // TF32 is an arithmetic mode: its stored tensors are FP32; full recomputation keeps a 4-byte input
        ParallelLayout tf32Full = ParallelLayout.builder(8, 1, 1, 1, 1).recompute(Recompute.FULL)
                .precision(Precision.TF32).build();
        assertThat(ActivationMemory.perLayer(GPT3, tf32Full)).isCloseTo(4 * SBH, within(1.0));
    }

    @Test
    void fullRecomputationKeepsTheLayerInput() {
        assertThat(perLayer(8, false, Recompute.FULL)).isCloseTo(2 * SBH, within(1.0));
        assertThat(perLayer(8, true, Recompute.FULL)).isCloseTo(2 * SBH / 8, within(1.0));
    }

    @Test
    void theFirstStageHoldsPMicroBatchesAndTheInterleavedScheduleMore() {
        // p = 8 stages of 12 layers, 16 micro-batches: the first stage keeps 8 in flight, i.e. 96 layers' worth;
        // with v = 2 virtual stages 1 + (p - 1) / (p v) = 1 + 7 / 16 times that (Korthikanti et al., section 4.3).
        ParallelLayout plain = ParallelLayout.builder(8, 8, 1, 1, 16).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).build();
        double act = MegatronCostModel.memory(GPT3, plain).activations();
        assertThat(act).isCloseTo(96 * 106_954_752.0, within(1.0));
        ParallelLayout interleaved = plain.toBuilder().virtualStages(2).build();
        assertThat(MegatronCostModel.memory(GPT3, interleaved).activations()).isCloseTo(act * (1 + 7.0 / 16), within(1.0));
    }
}
