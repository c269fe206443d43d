package io.stepcast.analytic.megatron;

import io.stepcast.api.zoo.TransformerShape;

/**
 * The FLOPs of one training iteration of a GPT, forward plus backward, whatever the layout: Narayanan et al.,
 * "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21, section 5.1 and appendix,
 * equation 3, {@code F = 24 k B s l h^2 (1 + s / (6 h)) + 6 B s h V} with k = 3 passes (forward, and a backward of
 * twice its FLOPs), or k = 4 when full recomputation runs every forward pass again, as that paper counts (its
 * {@code 96 B s l h^2 (1 + s / (6 h) + V / (16 l h))}); the feed-forward width f enters as in
 * {@link TransformerCosts} ({@code 8 h^2 + 4 h f} per token and layer, 24 h^2 at f = 4h). The model FLOPs (k = 3)
 * are what the model FLOPs utilisation counts (Chowdhery et al., "PaLM", 2022, appendix B: recomputation is not
 * useful work).
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

    private static double withPasses(TransformerShape shape, long globalBatch, int passes) {
        double b = globalBatch;
        double s = shape.sequence();
        double h = shape.hidden();
        double perLayerForward = b * s * (8 * h * h + 4 * h * shape.ffn()) + 4 * b * s * s * h;
        return passes * shape.layers() * perLayerForward + 6 * b * s * h * shape.vocabulary();
    }
}
