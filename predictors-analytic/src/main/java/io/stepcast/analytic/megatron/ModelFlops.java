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
 * attention products count in full as Megatron-LM's unfused attention runs them, and at half under FlashAttention's
 * causal mask, which skips the rest (papers that count them in full report a higher MFU for such runs, above 100% at
 * long enough sequences). A mixture-of-experts model counts the weights a token is routed through
 * ({@link TransformerShape#matrixWeights}: the router, the top-k experts and a shared expert; Megatron-Bridge's
 * {@code num_floating_point_operations} counts the same without the router), and a windowed layer's attention over its
 * band. The model FLOPs (k = 3)
 * are what the model FLOPs utilisation counts (Chowdhery et al., "PaLM", 2022, appendix B: recomputation is not
 * useful work); the FLOPs executed ({@link #executed}) are what the hardware ran, as Megatron-LM logs them.
 */
final class ModelFlops {
    private ModelFlops() {
    }

    /** Model FLOPs of one iteration of {@code globalBatch} samples (no recomputation counted). */
    static double perIteration(TransformerShape shape, long globalBatch) {
        return perIteration(shape, globalBatch, false);
    }

    /**
     * Model FLOPs of one iteration, the attention products under FlashAttention's causal mask counted at half, the
     * blocks the kernel runs ({@link TransformerCosts#attentionFlops}): counted in full, a long sequence's model FLOPs
     * would exceed what the GPU ran and its MFU its efficiency.
     */
    static double perIteration(TransformerShape shape, long globalBatch, boolean flashAttention) {
        return withPasses(shape, globalBatch, 3, 3 * attentionShare(flashAttention));
    }

    /** FLOPs of one iteration with full recomputation's fourth forward pass counted (Narayanan et al.'s eq. 3). */
    static double withFullRecompute(TransformerShape shape, long globalBatch) {
        return withPasses(shape, globalBatch, 4, 4);
    }

    /**
     * FLOPs one iteration executes under {@code recompute}, the recomputed forward included, as Megatron-LM logs its
     * TFLOP/s and Narayanan et al.'s Table 1 reports them: none, the model FLOPs; full, {@link #withFullRecompute};
     * selective, the model FLOPs and the attention core's forward again ({@code 4 B s^2 h} per layer: Q K^T and the
     * scores times V, as {@link TransformerCosts#layerFlops} counts them). Under FlashAttention the attention products
     * count as the kernel runs them: half, 3.5 forward passes' worth, one more when recomputed.
     */
    static double executed(TransformerShape shape, long globalBatch, Recompute recompute, boolean flashAttention) {
        int linearPasses = recompute == Recompute.FULL ? 4 : 3;
        return withPasses(shape, globalBatch, linearPasses,
                TransformerCosts.attentionPasses(recompute, flashAttention));
    }

    /** The share of the attention products a kernel runs: half under FlashAttention's causal mask, else all. */
    private static double attentionShare(boolean flashAttention) {
        return flashAttention ? 0.5 : 1;
    }

    /**
     * The attention core's forward FLOPs of one layer, every product counted: {@code 4 B s^2 q} with q the query width
     * (h unless the heads are wider), a windowed layer's band counted as twice its mean reach so that the causal half
     * {@link #attentionShare} takes is what its kernel runs ({@link TransformerShape#meanAttendedKeys}).
     */
    private static double attentionCoreForward(TransformerShape shape, long globalBatch) {
        double s = shape.sequence();
        double keys = shape.slidingWindow() == 0 ? s : 2 * shape.meanAttendedKeys(true);
        return 4.0 * globalBatch * s * keys * shape.queryWidth();
    }

    /**
     * {@code linearPasses} passes of the matrices and {@code attentionPasses} forward passes' worth of the attention
     * products over every layer, and the logits forward and backward.
     */
    private static double withPasses(TransformerShape shape, long globalBatch, int linearPasses,
                                     double attentionPasses) {
        double b = globalBatch;
        double s = shape.sequence();
        double h = shape.hidden();
        double perToken = 2 * shape.matrixWeights();
        return shape.layers() * (linearPasses * b * s * perToken
                + attentionPasses * attentionCoreForward(shape, globalBatch)) + 6 * b * s * h * shape.vocabulary();
    }
}
