package io.stepcast.analytic.megatron;

import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Eager PyTorch's extra element-wise traffic ({@link EagerKernels}) against the per-kernel counts, by hand. */
class EagerKernelsTest {
    /** Llama 2 13B (params.json: dim 5120, 40 layers, 40 heads, no grouped-query attention, FFN 13824). */
    private static final TransformerShape LLAMA2_13B = new TransformerShape(40, 5120, 40, 4096, 32000, 13824, 40,
            TransformerShape.Style.LLAMA);
    /** Llama 2 70B (dim 8192, 80 layers, 64 heads, 8 key-value heads, FFN 28672). */
    private static final TransformerShape LLAMA2_70B = new TransformerShape(80, 8192, 64, 4096, 32000, 28672, 8,
            TransformerShape.Style.LLAMA);
    /** MPT-13B as a GPT (d_model 5120, 40 layers, 40 heads, expansion ratio 4). */
    private static final TransformerShape MPT_13B = new TransformerShape(40, 5120, 40, 2048, 50368, 4 * 5120, 40,
            TransformerShape.Style.GPT);

    @Test
    void aLlamaLayerAddsTwoNormsTheRotaryEmbeddingAndTheSwiglu() {
        double tokens = 2 * 4096;
        double bytes = new EagerKernels(LLAMA2_13B, 1, false, Recompute.NONE).layerBytes(tokens);
        // Two RMSNorms: (36 - 4) + (92 - 10) bytes per element of b s h; rotary: 16 + 16 per element of the queries
        // and keys (h + h wide); SwiGLU: (10 - 6) + (18 - 10) per element of b s f.
        double byHand = tokens * (2 * 114.0 * 5120 + 32.0 * (5120 + 5120) + 12.0 * 13824);
        assertThat(bytes).isCloseTo(byHand, within(1.0));
        // About four times the fused estimate the fitted memory efficiency already scales (40 two-byte passes over
        // b s h).
        assertThat(bytes / (80.0 * tokens * 5120)).isBetween(4.0, 4.1);
    }

    @Test
    void groupedQueryAttentionAddsTheKeyValueCopiesAndFullRecomputationTheForwardAgain() {
        double tokens = 2 * 4096;
        double q = 8192;
        double k = 1024;
        double plain = new EagerKernels(LLAMA2_70B, 1, false, Recompute.NONE).layerBytes(tokens);
        double byHand = tokens * (2 * 114.0 * 8192 + (32.0 + 8.0) * (q + k) + 12.0 * 28672);
        assertThat(plain).isCloseTo(byHand, within(1.0));
        double full = new EagerKernels(LLAMA2_70B, 1, false, Recompute.FULL).layerBytes(tokens);
        double forward = tokens * (2 * 32.0 * 8192 + (16.0 + 4.0) * (q + k) + 4.0 * 28672);
        assertThat(full - plain).isCloseTo(forward, within(1.0));
    }

    @Test
    void tensorParallelismSplitsAllButTheNormsWhichSequenceParallelismSplitsToo() {
        double tokens = 4096;
        double one = new EagerKernels(LLAMA2_13B, 1, false, Recompute.NONE).layerBytes(tokens);
        double norms = tokens * 2 * 114.0 * 5120;
        double t4 = new EagerKernels(LLAMA2_13B, 4, false, Recompute.NONE).layerBytes(tokens);
        assertThat(t4).isCloseTo(norms + (one - norms) / 4, within(1.0));
        assertThat(new EagerKernels(LLAMA2_13B, 4, true, Recompute.NONE).layerBytes(tokens))
                .isCloseTo(one / 4, within(1.0));
    }

    @Test
    void mptsBiasFreeDropoutFreeBlockMovesNoMoreThanTheFusedKernels() {
        assertThat(new EagerKernels(MPT_13B, 1, false, Recompute.FULL).layerBytes(4096)).isZero();
    }

    @Test
    void transformerCostsChargesThemOnlyWhenTheKernelsAreNotFused() {
        TransformerCosts fused = new TransformerCosts(LLAMA2_13B, 1, 2, Recompute.NONE, false, true, 1, true);
        TransformerCosts eager = new TransformerCosts(LLAMA2_13B, 1, 2, Recompute.NONE, false, true, 1, false);
        assertThat(eager.layerBytes() - fused.layerBytes()).isCloseTo(
                new EagerKernels(LLAMA2_13B, 1, false, Recompute.NONE).layerBytes(2 * 4096), within(1.0));
        assertThat(eager.layerFlops(GemmWaves.NONE)).isEqualTo(fused.layerFlops(GemmWaves.NONE));
        TransformerCosts mpt = new TransformerCosts(MPT_13B, 1, 2, Recompute.NONE, false, true, 1, false);
        assertThat(mpt.layerBytes()).isEqualTo(new TransformerCosts(MPT_13B, 1, 2, Recompute.NONE, false, true, 1)
                .layerBytes());
    }
}
