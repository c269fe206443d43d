package io.stepcast.app.sweep;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether a synthetic transformer shape splits over a layout, each refusal naming the sweep's option. */
class SweepModelFitTest {
    /** Synthetic dense shape: 4 layers, 12 heads, 4 key-value heads. */
    private static final TransformerShape DENSE = new TransformerShape(4, 768, 12, 1024, 32000, 3072, 4,
            TransformerShape.Style.LLAMA);
    /** The same with 6 experts. */
    private static final TransformerShape MOE = new TransformerShape(4, 768, 12, 1024, 32000, 3072, 4,
            TransformerShape.Style.LLAMA, 64, 0, Optional.of(new Experts(6, 2, 512, 0, 0, false)));

    private static ParallelLayout layout(int t, int p, int d, int e) {
        return ParallelLayout.builder(t, p, d, 1, 4).precision(Precision.BF16).expert(e).build();
    }

    @Test
    void aLayoutThatSplitsTheModelPasses() {
        assertThat(SweepModelFit.refusal("dense", DENSE, layout(4, 4, 2, 1))).isEmpty();
        assertThat(SweepModelFit.refusal("moe", MOE, layout(2, 2, 3, 6))).isEmpty();
    }

    @Test
    void headsLayersAndExpertsThatDoNotSplitAreNamedByTheirOption() {
        assertThat(SweepModelFit.refusal("dense", DENSE, layout(5, 1, 1, 1)))
                .contains("--tensor-parallel 5 does not divide the 12 attention heads (dense)");
        assertThat(SweepModelFit.refusal("dense", DENSE, layout(6, 1, 1, 1)))
                .contains("--tensor-parallel 6 does not divide the 4 key-value heads (dense)");
        assertThat(SweepModelFit.refusal("dense", DENSE, layout(1, 8, 1, 1)))
                .contains("--pipeline-parallel 8 exceeds the 4 layers (dense)");
        assertThat(SweepModelFit.refusal("moe", MOE, layout(1, 1, 4, 4)))
                .contains("--expert-parallel 4 does not divide the 6 experts (moe)");
        assertThat(SweepModelFit.refusal("dense", DENSE, layout(1, 1, 2, 2)))
                .contains("--expert-parallel 2 needs a mixture-of-experts model, and this one is dense (dense)");
    }
}
