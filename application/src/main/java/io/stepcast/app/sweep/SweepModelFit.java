package io.stepcast.app.sweep;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.zoo.TransformerShape;

import java.util.Optional;

/**
 * Whether a layout point's model splits as its layout asks, by the zoo's transformer shape: the check the Megatron
 * predictors make ({@link TransformerShape#splitRefusal}: heads and key-value heads over the tensor-parallel ranks, at
 * least one layer per pipeline stage, experts over the expert-parallel ranks), which the sweep makes first, for every
 * predictor alike, naming the refused field as its option.
 */
final class SweepModelFit {
    private SweepModelFit() {
    }

    /**
     * Why the {@code model}'s {@code shape} does not split over {@code layout}, naming the option and the model; empty
     * when it does.
     */
    static Optional<String> refusal(String model, TransformerShape shape, ParallelLayout layout) {
        return shape.splitRefusal(layout).map(f -> SweepLayoutPoint.inOptions(f) + " (" + model + ")");
    }
}
