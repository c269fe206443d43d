package io.stepcast.api.zoo;

import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import org.junit.jupiter.api.Test;

import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/** Whether a synthetic transformer splits over a layout as Megatron-LM splits it, each refusal carrying its field. */
class TransformerShapeSplitTest {
    /** Synthetic dense shape: 4 layers, 12 heads, 4 key-value heads. */
    private static final TransformerShape DENSE = new TransformerShape(4, 768, 12, 1024, 32000, 3072, 4,
            TransformerShape.Style.LLAMA);
    /** The same with 6 experts. */
    private static final TransformerShape MOE = new TransformerShape(4, 768, 12, 1024, 32000, 3072, 4,
            TransformerShape.Style.LLAMA, 64, 0, Optional.of(new Experts(6, 2, 512, 0, 0, false)));

    private static ParallelLayout layout(int t, int p, int d, int e) {
        return ParallelLayout.builder(t, p, d, 1, 4).expert(e).build();
    }

    @Test
    void eachSplitThatFailsCarriesTheLayoutFieldThatAsksForIt() {
        assertThat(DENSE.splitRefusal(layout(4, 4, 2, 1))).isEmpty();
        assertThat(MOE.splitRefusal(layout(2, 2, 3, 6))).isEmpty();
        assertThat(DENSE.splitRefusal(layout(5, 1, 1, 1))).map(InvalidField::getMessage)
                .hasValue("tensor_parallel 5 does not divide the 12 attention heads");
        assertThat(DENSE.splitRefusal(layout(6, 1, 1, 1))).map(InvalidField::getMessage)
                .hasValue("tensor_parallel 6 does not divide the 4 key-value heads");
        assertThat(DENSE.splitRefusal(layout(1, 5, 1, 1))).map(InvalidField::field).hasValue("pipeline_parallel");
        assertThat(DENSE.splitRefusal(layout(1, 1, 2, 2))).map(InvalidField::getMessage)
                .hasValue("expert_parallel 2 needs a mixture-of-experts model, and this one is dense");
        assertThat(MOE.splitRefusal(layout(1, 1, 4, 4))).map(InvalidField::getMessage)
                .hasValue("expert_parallel 4 does not divide the 6 experts");
    }
}
