package io.stepcast.analytic.megatron;

import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;

/**
 * The FLOPs of one training iteration of a GPT, forward plus backward, whatever the layout: Narayanan et al.,
 * "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21, section 5.1 and appendix,
 * equation 3, {@code F = 24 k B s l h^2 (1 + s / (6 h)) + 6 B s h V} with k = 3 passes (forward, and a backward of
 * twice its FLOPs), or k = 4 when full recomputation runs every forward pass again, as that paper counts (its
 * {@code 96 B s l h^2 (1 + s / (6 h) + V / (16 l h))}); the feed-forward width f enters as in
 * {@link TransformerCosts} ({@code 8 h^2 + 4 h f} per token and layer, 24 h^2 at f = 4h), and a Llama's matrices
 * likewise ({@code 2 h (h + 2 k) + 2 h^2 + 6 h f} with k-wide keys and values and SwiGLU's three matrices); the
 * attention products count in full, as the MFU convention counts them whatever a causal kernel skips. The model FLOPs (k = 3)
 * are what the model FLOPs utilisation counts (Chowdhery et al., "PaLM", 2022, appendix B: recomputation is not
 * useful work); the FLOPs executed ({@link #executed}) are what the hardware ran, as Megatron-LM logs them.
 */
final class ModelFlops {
    private ModelFlops() {
    }

    /** Model FLOPs of one iteration of {@code globalBatch} samples (no recomputation counted). */
    static double perIteration(TransformerShape shape, long globalBatch) {
        return withPasses(shape, globalBatch, 3);
    }

    /** FLOPs of one iteration with full recomputation's fourth forward pass counted (Narayanan et al.'s eq. 3). */
    static double withFullRecompute(TransformerShape shape, long globalBatch) {
        return withPasses(shape, globalBatch, 4);
    }

    /**
     * FLOPs one iteration executes under {@code recompute}, the recomputed forward included, as Megatron-LM logs its
     * TFLOP/s and Narayanan et al.'s Table 1 reports them: none, the model FLOPs; full, {@link #withFullRecompute};
     * selective, the model FLOPs and the attention core's forward again ({@code 4 B s^2 h} per layer: Q K^T and the
     * scores times V, as {@link TransformerCosts#layerFlops} counts them).
     */
    static double executed(TransformerShape shape, long globalBatch, Recompute recompute) {
        return switch (recompute) {
            case NONE -> perIteration(shape, globalBatch);
            case FULL -> withFullRecompute(shape, globalBatch);
            case SELECTIVE -> perIteration(shape, globalBatch) + shape.layers() * attentionCoreForward(shape, globalBatch);
        };
    }

    /** The attention core's forward FLOPs of one layer: {@code 4 B s^2 h}. */
    private static double attentionCoreForward(TransformerShape shape, long globalBatch) {
        double s = shape.sequence();
        return 4.0 * globalBatch * s * s * shape.hidden();
    }

    private static double withPasses(TransformerShape shape, long globalBatch, int passes) {
        double b = globalBatch;
        double s = shape.sequence();
        double h = shape.hidden();
        double mlpMatrices = shape.style() == TransformerShape.Style.LLAMA ? 3 : 2;
        double perToken = 2 * h * (h + 2.0 * shape.keyWidth()) + 2 * h * h + 2 * mlpMatrices * h * shape.ffn();
        double perLayerForward = b * s * perToken + attentionCoreForward(shape, globalBatch);
        return passes * shape.layers() * perLayerForward + 6 * b * s * h * shape.vocabulary();
    }
}
