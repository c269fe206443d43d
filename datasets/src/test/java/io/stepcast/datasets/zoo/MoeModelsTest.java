package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * The zoo's mixture-of-experts models against their published totals: Qwen3 Technical Report (2025), Table 2 (30.5B and
 * 235B parameters, 3.3B and 22B activated); the gpt-oss-120b model card (116.8B total, 5.1B active); Jiang et al.,
 * "Mixtral of Experts", 2024 (46.7B total, 12.9B active). Active parameters count the embedding and the output layer
 * once each, the attention and the k routed experts of every layer (GPT-OSS's card leaves the embedding out).
 */
class MoeModelsTest {
    private final ModelZoo zoo = new ModelZoo();

    /** Parameters a token passes through: everything but the experts it is not routed to. */
    private static double active(ZooModel m) {
        TransformerShape t = m.transformer().orElseThrow();
        Experts e = t.experts().orElseThrow();
        double idle = (double) t.layers() * (e.count() - e.topK()) * (3.0 * t.hidden() * e.ffn()
                + (e.biases() ? 2.0 * e.ffn() + t.hidden() : 0));
        return m.parameters() - idle;
    }

    @Test
    void totalsAndActiveParametersMatchThePublishedFigures() {
        assertThat(zoo.get("qwen3-30b-a3b").parameters()).isEqualTo(30_532_122_624L);
        assertThat(active(zoo.get("qwen3-30b-a3b")) / 1e9).isCloseTo(3.35, within(0.05));
        assertThat(zoo.get("qwen3-235b-a22b").parameters()).isEqualTo(235_093_634_560L);
        assertThat(active(zoo.get("qwen3-235b-a22b")) / 1e9).isCloseTo(22.1, within(0.1));
        assertThat(zoo.get("gpt-oss-120b").parameters()).isEqualTo(116_829_156_672L);
        // The model card's 5.13B active counts the output layer but not the embedding (a lookup): 201,088 x 2,880 less.
        assertThat((active(zoo.get("gpt-oss-120b")) - 201088.0 * 2880) / 1e9).isCloseTo(5.13, within(0.01));
        assertThat(zoo.get("mixtral-8x7b").parameters()).isEqualTo(46_702_792_704L);
        assertThat(active(zoo.get("mixtral-8x7b")) / 1e9).isCloseTo(12.88, within(0.05));
    }

    @Test
    void theShapesCarryTheirExpertsHeadsAndWindow() {
        TransformerShape qwen = zoo.get("Qwen/Qwen3-30B-A3B").transformer().orElseThrow();
        assertThat(qwen.experts()).contains(new Experts(128, 8, 768, 0, 0, false));
        assertThat(qwen.queryWidth()).isEqualTo(4096);
        assertThat(qwen.keyWidth()).isEqualTo(512);
        TransformerShape oss = zoo.get("GPT OSS 120B").transformer().orElseThrow();
        assertThat(oss.slidingWindow()).isEqualTo(128);
        // 18 full layers reach s / 2 = 2,048 keys on average, 18 windowed ones 128 - 128 x 127 / 8,192.
        assertThat(oss.meanAttendedKeys(true)).isCloseTo((2048 + 128 - 128 * 127 / 8192.0) / 2, within(1e-9));
        // A token's forward pass: the router, 4 experts, the attention; FLOPs per token of the zoo's count.
        assertThat(zoo.get("gpt-oss-120b").forwardFlops() / 4096.0 / 1e9).isCloseTo(11.51, within(0.01));
        assertThat(zoo.get("mixtral-8x7b-seq32768").transformer().orElseThrow().sequence()).isEqualTo(32768);
    }

    @Test
    void deepSeekV3IsRefusedInOneLine() {
        assertThat(zoo.find("DeepSeek-V3")).isEmpty();
        assertThatThrownBy(() -> zoo.get("deepseek-v3")).hasMessage("model 'deepseek-v3' is refused: DeepSeek-V3's "
                + "multi-head latent attention and multi-token prediction are not modelled (stepcast's MoE models are "
                + "Qwen3, GPT-OSS and Mixtral; docs/model-zoo.md)");
    }
}
