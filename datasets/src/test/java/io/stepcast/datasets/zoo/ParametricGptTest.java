package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

class ParametricGptTest {
    private final ModelZoo zoo = new ModelZoo();

    /** Parameters of a GPT2Model-layout GPT: embeddings, 12 h^2 + 13 h per block (with the FFN at 4 h), ln_f. */
    private static long expectedParameters(long l, long h, long s, long v) {
        return v * h + s * h + l * (12 * h * h + 13 * h) + 2 * h;
    }

    @Test
    void anyShapeByName() {
        ZooModel m = zoo.get("GPT-L24-H1024-A16-S2048-V50304");
        assertThat(m.name()).isEqualTo("gpt-l24-h1024-a16-s2048-v50304");
        assertThat(m.parameters()).isEqualTo(expectedParameters(24, 1024, 2048, 50304));
        assertThat(m.transformer()).contains(new TransformerShape(24, 1024, 16, 2048, 50304, 4096));
        assertThat(zoo.canonical("gpt-l24-h1024-a16-s2048-v50304-f4096")).contains("gpt-l24-h1024-a16-s2048-v50304");
    }

    @Test
    void forwardFlopsFollowMegatron() {
        // Narayanan et al. (SC'21) section 5.1: 24 l s h^2 + 4 l s^2 h + 2 s h V per sequence; the zoo adds biases
        // and layer norms, which are small
        long l = 40;
        long h = 5120;
        long s = 2048;
        long v = 51200;
        double megatron = 24.0 * l * s * h * h + 4.0 * l * s * s * h + 2.0 * s * h * v;
        double flops = zoo.get("gpt-l40-h5120-a40-s2048-v51200").forwardFlops();
        assertThat(flops / megatron).isCloseTo(1.0, within(0.002));
        assertThat(flops).isGreaterThan(megatron);
    }

    @Test
    void explicitFfnSize() {
        ZooModel m = zoo.get("gpt-l2-h64-a4-s16-v100-f100");
        assertThat(m.name()).isEqualTo("gpt-l2-h64-a4-s16-v100-f100");
        long perBlock = 4L * 64 * 64 + 4 * 64 + 2L * 64 * 100 + 100 + 64 + 4 * 64;
        assertThat(m.parameters()).isEqualTo(100L * 64 + 16 * 64 + 2 * perBlock + 2 * 64);
    }

    @Test
    void impossibleShapeIsRefusedByName() {
        assertThatThrownBy(() -> zoo.find("gpt-l2-h100-a3-s16-v100")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("gpt-l2-h100-a3-s16-v100").hasMessageContaining("not divisible");
        assertThat(zoo.find("gpt-l2-h100")).isEmpty();
    }

    @Test
    void backwardOrderStartsAtTheTiedOutputLayer() {
        ZooModel m = zoo.get("GPT-2");
        assertThat(m.backwardLayers().get(0).name()).isEqualTo("lm_head");
        assertThat(m.backwardLayers().get(0).parameters()).isZero();
        assertThat(m.backwardLayers().get(1).name()).isEqualTo("ln_f");
        assertThat(m.backwardLayers().get(2).name()).isEqualTo("h.11.mlp.c_proj");
        // the tied embedding's gradient is complete only at the end of the backward pass
        assertThat(m.backwardLayers().get(m.layers().size() - 1).name()).isEqualTo("wte");
        assertThat(m.tensors().get(0).shape()).containsExactly(50257, 768);
    }
}
