package io.stepcast.api.zoo;

import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ModelInfoTest {

    @Test
    void layerBytesMustAddUpToTheModel() {
        List<LayerGradient> layers = List.of(new LayerGradient("fc2", "MatMul", 44, 21), new LayerGradient("fc1", "MatMul", 40, 18));
        assertThat(new ModelInfo("synthetic", "", 21, 84, 39, layers, Optional.empty()).backwardLayers()).hasSize(2);
        assertThatThrownBy(() -> new ModelInfo("synthetic", "", 21, 88, 39, layers, Optional.empty()))
                .isInstanceOf(IllegalArgumentException.class).hasMessageContaining("sum to 84");
    }

    @Test
    void transformerShapeIsValidated() {
        assertThat(new TransformerShape(2, 64, 4, 16, 100, 256).headSize()).isEqualTo(16);
        assertThat(new TransformerShape(2, 64, 4, 16, 100, 256).gptName()).isEqualTo("gpt-l2-h64-a4-s16-v100");
        assertThat(new TransformerShape(2, 64, 4, 16, 100, 100).gptName()).isEqualTo("gpt-l2-h64-a4-s16-v100-f100");
        assertThatThrownBy(() -> new TransformerShape(2, 64, 5, 16, 100, 256)).hasMessageContaining("not divisible");
        assertThatThrownBy(() -> new TransformerShape(0, 64, 4, 16, 100, 256)).hasMessageContaining("layers");
    }
}
