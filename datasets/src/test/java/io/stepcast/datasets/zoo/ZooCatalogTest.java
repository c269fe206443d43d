package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.LayerGradient;
import io.stepcast.api.zoo.ModelInfo;
import io.stepcast.api.profile.Profile;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class ZooCatalogTest {
    private final ZooCatalog catalog = new ZooCatalog();

    @Test
    void infoHasGradientBytesInBackwardOrder() {
        ModelInfo m = catalog.get("resnet50");
        assertThat(m.name()).isEqualTo("ResNet-50");
        assertThat(m.parameters()).isEqualTo(25_557_032L);
        assertThat(m.parameterBytes()).isEqualTo(4 * 25_557_032L);
        assertThat(m.backwardLayers().get(0)).isEqualTo(new LayerGradient("fc", "MatMul", 4L * (2048 * 1000 + 1000),
                2L * 2048 * 1000 + 1000));
        assertThat(m.backwardLayers().get(m.backwardLayers().size() - 1).name()).isEqualTo("conv1");
        assertThat(m.backwardLayers().stream().mapToLong(LayerGradient::gradientBytes).sum()).isEqualTo(m.parameterBytes());
        assertThat(m.transformer()).isEmpty();
    }

    @Test
    void transformersCarryTheirShape() {
        ModelInfo m = catalog.get("gpt-l24-h1024-a16-s2048-v50304");
        assertThat(m.transformer()).get().extracting(t -> t.ffn(), t -> t.headSize()).containsExactly(4096, 64);
        assertThat(catalog.get("BERT-large").transformer()).get().extracting(t -> t.layers()).isEqualTo(24);
    }

    @Test
    void missNamesTheClosestModels() {
        assertThat(catalog.find("resnet5")).isEmpty();
        assertThat(catalog.closest("resnet5", 2)).first().isEqualTo("ResNet-50");
        assertThat(catalog.closest("bert-bse", 1)).containsExactly("BERT-base");
        assertThatThrownBy(() -> catalog.get("VGG-91")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("VGG-91").hasMessageContaining("VGG19");
        assertThat(catalog.names()).contains("ResNet-50", "GPT-2-XL", "CycleGAN", "llama3.1-405b", "qwen3-30b-a3b",
                "gpt-oss-120b").hasSize(40);
    }

    @Test
    void profilesSynthesiseForTheNewModels() {
        ProfileSynthesizer synth = new ProfileSynthesizer();
        ModelZoo zoo = new ModelZoo();
        for (String name : zoo.names()) {
            Profile p = synth.synthesise(zoo.get(name), 8, 0.25);
            assertThat(p.parameterBytes()).as(name).isEqualTo(zoo.get(name).parameterBytes());
            assertThat(p.ops()).as(name).hasSize(2 * zoo.get(name).layers().size());
        }
    }
}
