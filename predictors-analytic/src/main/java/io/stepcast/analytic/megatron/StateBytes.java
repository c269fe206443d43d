package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Sharding;

/**
 * Bytes per parameter of a GPU's model state under mixed-precision Adam, as Megatron-LM keeps it (Megatron-LM,
 * {@code docs/source/distrib_optimizer.md}, "theoretical number of bytes per parameter": 20 for FP16 weights and
 * gradients, 18 for BF16 weights with FP32 gradients, its default, and 16 for FP32 weights and gradients; the
 * distributed optimizer keeps the weights and gradients whole and splits the rest over the d replicas, 4 + 16/d,
 * 6 + 12/d and 8 + 8/d). FP16 keeps FP32 copies of the weights and gradients beside the FP16 ones; BF16 accumulates its
 * gradients in FP32 and needs no second copy of them; FP8 runs keep BF16 weights (Transformer Engine casts them for
 * each product). Under FSDP ({@link ParallelLayout#fullySharded()}) each GPU keeps 1/d of FP32 weights, FP32
 * gradients and the two moments, 16/d (PyTorch FSDP2's mixed precision: the sharded parameters stay FP32, only the
 * gathered copies are half precision; Zhao et al., VLDB 2023, section 4.3). {@link #split} divides each part by the
 * replicas that share it under a ZeRO stage: with ZeRO's 2 + 2 + K bytes per parameter, {@code 2 + 2 + K/d} under
 * stage 1, {@code 2 + (2 + K)/d} under stage 2 and {@code (2 + 2 + K)/d} under stage 3 (Rajbhandari et al., "ZeRO",
 * SC'20, section 5 and Figure 1).
 *
 * @param weights   the weights' bytes, kept whole (split over d under FSDP)
 * @param gradients the gradients' bytes, kept whole (split over d under FSDP)
 * @param optimizer the bytes split over d under the distributed optimizer or FSDP: FP32 master weights and gradients
 *                  where they are second copies, momentum and variance
 */
record StateBytes(double weights, double gradients, double optimizer) {
    /** The state of a layout's precision and sharding. */
    static StateBytes of(ParallelLayout layout) {
        if (layout.fullySharded()) {
            return new StateBytes(4, 4, 8);
        }
        return switch (layout.precision()) {
            case FP16 -> new StateBytes(2, 2, 16);
            case BF16, FP8 -> new StateBytes(2, 4, 12);
            case FP32, TF32 -> new StateBytes(4, 4, 8);
        };
    }

    /**
     * The bytes one of {@code shards} replicas keeps under {@code sharding}: each part the sharding splits
     * ({@link Sharding#splitsWeights}, {@link Sharding#splitsGradients}, {@link Sharding#splitsOptimizer}) divided by
     * {@code shards}, the others whole.
     */
    StateBytes split(Sharding sharding, int shards) {
        return new StateBytes(sharding.splitsWeights() ? weights / shards : weights,
                sharding.splitsGradients() ? gradients / shards : gradients,
                sharding.splitsOptimizer() ? optimizer / shards : optimizer);
    }

    /** All of it, per parameter. */
    double total() {
        return weights + gradients + optimizer;
    }
}
