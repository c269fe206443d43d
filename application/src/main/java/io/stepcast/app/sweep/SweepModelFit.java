package io.stepcast.app.sweep;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.zoo.TransformerShape;

import java.util.Optional;

/**
 * Whether a layout point's model splits as its layout asks, by the zoo's transformer shape: Megatron-LM requires the
 * attention heads (and the key-value heads of grouped-query attention) to divide over the tensor-parallel ranks, at
 * least one layer per pipeline stage, and Megatron-Core the experts to divide over the expert-parallel ranks
 * (Shoeybi et al., 2019, section 3, for the heads; Megatron-Core's {@code --num-experts} and
 * {@code --expert-model-parallel-size}). The Megatron predictors refuse the same layouts; the sweep says so first,
 * in its options' names, for every predictor alike.
 */
final class SweepModelFit {
    private SweepModelFit() {
    }

    /** Why the {@code model}'s {@code shape} does not split over {@code layout}, naming the option; empty when it does. */
    static Optional<String> refusal(String model, TransformerShape shape, ParallelLayout layout) {
        int t = layout.tensor();
        if (shape.heads() % t != 0) {
            return Optional.of("--tensor-parallel " + t + " does not divide the " + shape.heads()
                    + " attention heads of " + model);
        }
        if (shape.kvHeads() % t != 0) {
            return Optional.of("--tensor-parallel " + t + " does not divide the " + shape.kvHeads()
                    + " key-value heads of " + model);
        }
        if (layout.pipeline() > shape.layers()) {
            return Optional.of("--pipeline-parallel " + layout.pipeline() + " exceeds the " + shape.layers()
                    + " layers of " + model);
        }
        int e = layout.expert();
        if (e > 1 && !shape.moe()) {
            return Optional.of("--expert-parallel " + e + " needs a mixture-of-experts model; " + model + " is dense");
        }
        if (shape.moe() && shape.experts().get().count() % e != 0) {
            return Optional.of("--expert-parallel " + e + " does not divide the " + shape.experts().get().count()
                    + " experts of " + model);
        }
        return Optional.empty();
    }
}
