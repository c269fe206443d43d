package io.stepcast.app.sweep;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.ZooModel;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The sweep's refusal of a model that does not split over a layout: the Megatron predictors' check
 * ({@code TransformerShapeSplitTest} pins it), naming the option and the model, on the zoo's published shapes
 * (Llama 3 8B: 32 layers, 32 heads, 8 key-value heads; Qwen3-30B-A3B: 128 experts).
 */
class SweepModelFitTest {
    private static final ModelZoo ZOO = new ModelZoo();

    private static TransformerShape shape(String model) {
        return ZOO.find(model).flatMap(ZooModel::transformer).orElseThrow();
    }

    private static ParallelLayout layout(int t, int p, int d, int e) {
        return ParallelLayout.builder(t, p, d, 1, 4).expert(e).build();
    }

    @Test
    void aLayoutThatSplitsTheModelPasses() {
        assertThat(SweepModelFit.refusal("llama3-8b", shape("llama3-8b"), layout(8, 4, 2, 1))).isEmpty();
        assertThat(SweepModelFit.refusal("qwen3-30b-a3b", shape("qwen3-30b-a3b"), layout(1, 2, 8, 8))).isEmpty();
    }

    @Test
    void headsLayersAndExpertsThatDoNotSplitAreNamedByTheirOptionAndTheModel() {
        assertThat(SweepModelFit.refusal("llama3-8b", shape("llama3-8b"), layout(16, 1, 1, 1)))
                .hasValue("--tensor-parallel 16 does not divide the 8 key-value heads (llama3-8b)");
        assertThat(SweepModelFit.refusal("llama3-8b", shape("llama3-8b"), layout(1, 64, 1, 1)))
                .hasValue("--pipeline-parallel 64 exceeds the 32 layers (llama3-8b)");
        assertThat(SweepModelFit.refusal("llama3-8b", shape("llama3-8b"), layout(1, 1, 2, 2)))
                .hasValue("--expert-parallel 2 needs a mixture-of-experts model, and this one is dense (llama3-8b)");
        assertThat(SweepModelFit.refusal("qwen3-30b-a3b", shape("qwen3-30b-a3b"), layout(1, 1, 6, 3)))
                .hasValue("--expert-parallel 3 does not divide the 128 experts (qwen3-30b-a3b)");
    }
}
