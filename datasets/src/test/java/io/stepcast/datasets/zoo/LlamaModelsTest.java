package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The published Llamas and the parametric Llama. */
class LlamaModelsTest {
    private final ModelZoo zoo = new ModelZoo();

    private static TransformerShape llama(int layers, int hidden, int heads, int kvHeads, int ffn, int vocabulary,
                                          int sequence) {
        return new TransformerShape(layers, hidden, heads, sequence, vocabulary, ffn, kvHeads,
                TransformerShape.Style.LLAMA);
    }

    /**
     * The shapes of the published configurations (see {@code LlamaModels}) and their trainable parameters, which the
     * layers must add up to exactly. Llama 3's and 3.1's equal Hugging Face's safetensors totals; Llama 2's
     * {@code -hf} checkpoints also store each layer's rotary {@code inv_freq} buffer (head size / 2 values, not
     * trained), so their safetensors totals exceed these by 64 per layer.
     */
    @ParameterizedTest
    @CsvSource({
            "llama2-7b, 32, 4096, 32, 32, 11008, 32000, 4096, 6738415616",
            "llama2-13b, 40, 5120, 40, 40, 13824, 32000, 4096, 13015864320",
            "llama2-70b, 80, 8192, 64, 8, 28672, 32000, 4096, 68976648192",
            "llama3-8b, 32, 4096, 32, 8, 14336, 128256, 8192, 8030261248",
            "llama3-70b, 80, 8192, 64, 8, 28672, 128256, 8192, 70553706496",
            "llama3.1-405b, 126, 16384, 128, 8, 53248, 128256, 8192, 405853388800"})
    void publishedShapesAndParameterCounts(String name, int layers, int hidden, int heads, int kvHeads, int ffn,
                                           int vocabulary, int sequence, long parameters) {
        ZooModel m = zoo.get(name);
        assertThat(m.name()).isEqualTo(name);
        assertThat(m.transformer()).contains(llama(layers, hidden, heads, kvHeads, ffn, vocabulary, sequence));
        assertThat(m.parameters()).isEqualTo(parameters);
        // the same count in closed form: two vocabulary tables, per block two gains, q and o (h x h), k and v
        // (h x kv width), three SwiGLU matrices (h x ffn), and the final gain
        long h = hidden;
        long kv = (long) kvHeads * (hidden / heads);
        long perBlock = 2 * h + 2 * h * h + 2 * h * kv + 3 * h * ffn;
        assertThat(2L * vocabulary * h + layers * perBlock + h).isEqualTo(parameters);
    }

    @ParameterizedTest
    @CsvSource({"Llama-3-8B, llama3-8b", "meta-llama/Meta-Llama-3-8B, llama3-8b", "llama3.1-8b, llama3-8b",
            "meta-llama/Llama-3.1-8B-Instruct, llama3-8b", "llama-2-13b, llama2-13b",
            "meta-llama/Llama-2-70b-hf, llama2-70b", "Llama-2-7b-chat-hf, llama2-7b", "LLAMA3-70B, llama3-70b",
            "Meta-Llama-3.1-70B, llama3-70b", "meta-llama/Llama-3.1-405B, llama3.1-405b"})
    void aliasesUsersType(String alias, String canonical) {
        assertThat(zoo.canonical(alias)).contains(canonical);
        assertThat(zoo.get(alias).name()).isEqualTo(canonical);
    }

    @Test
    void layersFollowLlamaForCausalLm() {
        ZooModel m = zoo.get("llama3-8b");
        assertThat(m.tensors().get(0).name()).isEqualTo("model.embed_tokens.weight");
        assertThat(m.tensors().get(0).shape()).containsExactly(128256, 4096);
        // grouped-query attention: 8 key-value heads of 128 make keys and values 1,024 wide
        assertThat(m.tensors().stream().filter(t -> t.name().equals("model.layers.0.self_attn.k_proj.weight"))
                .findFirst().orElseThrow().shape()).containsExactly(1024, 4096);
        assertThat(m.tensors().stream().filter(t -> t.name().equals("model.layers.31.mlp.down_proj.weight"))
                .findFirst().orElseThrow().shape()).containsExactly(4096, 14336);
        assertThat(m.tensors()).noneMatch(t -> t.name().endsWith(".bias"));
        // no position table: 1 embedding + 9 tensors per block + the final gain + the untied output layer
        assertThat(m.tensors()).hasSize(1 + 9 * 32 + 1 + 1);
        // the untied output layer owns its gradient and is the first ready in the backward pass
        ZooLayer head = m.backwardLayers().get(0);
        assertThat(head.name()).isEqualTo("lm_head");
        assertThat(head.parameters()).isEqualTo(128256L * 4096);
        assertThat(m.backwardLayers().get(1).type()).isEqualTo("RMSNorm");
        assertThat(m.backwardLayers().get(1).parameters()).isEqualTo(4096);
    }

    @Test
    void forwardFlopsCountEveryMatrixAndTheScores() {
        long l = 80;
        long h = 8192;
        long kv = 1024;
        long f = 28672;
        long s = 4096;
        long v = 32000;
        // per block: q and o, k and v, three SwiGLU matrices at 2 per multiply-accumulate per token, the scores
        // 4 s^2 h over all query heads, two RMSNorm gains; then the final gain and the logits
        long block = 2 * s * (2 * h * h + 2 * h * kv + 3 * h * f) + 4 * s * s * h + 2 * s * h;
        long expected = l * block + s * h + 2 * s * h * v;
        ZooModel m = zoo.get("llama2-70b");
        assertThat(m.forwardFlops()).isEqualTo(expected);
        // the "2 N per token" rule (Kaplan et al. 2020) with N the parameters outside the embedding, plus attention
        double rule = 2.0 * (m.parameters() - v * h) * s + 4.0 * l * s * s * h;
        assertThat(m.forwardFlops() / rule).isCloseTo(1.0, within(1e-4));
    }

    @Test
    void parametricNameIsTheShapeGptNameWrites() {
        TransformerShape t = zoo.get("llama3-8b").transformer().orElseThrow();
        String name = t.gptName();
        assertThat(name).isEqualTo("llama-l32-h4096-a32-kv8-f14336-s8192-v128256");
        ZooModel m = zoo.get(name.toUpperCase());
        assertThat(m.name()).isEqualTo(name);
        assertThat(m.transformer()).contains(t);
        assertThat(m.parameters()).isEqualTo(8_030_261_248L);
        assertThat(m.forwardFlops()).isEqualTo(zoo.get("llama3-8b").forwardFlops());
        assertThat(zoo.canonical(" Llama-L32-H4096-A32-KV8-F14336-S8192-V128256 ")).contains(name);
        assertThat(zoo.namedShape(name)).contains(t);
    }

    @Test
    void impossibleOrPartialParametricNamesAreRefused() {
        assertThatThrownBy(() -> zoo.find("llama-l2-h64-a4-kv3-f128-s16-v100"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("llama-l2-h64-a4-kv3-f128-s16-v100").hasMessageContaining("key-value heads");
        assertThatThrownBy(() -> zoo.canonical("llama-l2-h100-a3-kv1-f128-s16-v100"))
                .hasMessageContaining("not divisible");
        assertThat(zoo.find("llama-l32-h4096-a32-f14336-s8192-v128256")).isEmpty();
        assertThatThrownBy(() -> zoo.get("llama-l32-h4096-a32")).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("llama-l<L>-h<H>-a<A>-kv<KV>-f<F>-s<S>-v<V>");
        assertThatThrownBy(() -> zoo.get("lama3-8b")).hasMessageContaining("closest: llama3-8b");
    }

    @Test
    void publishedLlamasTakeOtherLengthsWithTheirParameters() {
        ZooModel full = zoo.get("llama3-8b");
        ZooModel half = zoo.get("Meta-Llama-3-8B-seq4096");
        assertThat(half.name()).isEqualTo("llama3-8b-seq4096");
        assertThat(half.parameters()).isEqualTo(full.parameters());
        assertThat(half.transformer()).contains(full.transformer().orElseThrow().atSequence(4096));
        // the matrices scale with the tokens, the scores with their square
        assertThat(half.forwardFlops()).isLessThan(full.forwardFlops() / 2);
        assertThat(zoo.namedShape("llama3-8b-seq4096")).contains(half.transformer().orElseThrow());
        assertThat(zoo.atSequence("llama3-8b", 4096)).contains("llama3-8b-seq4096");
        assertThat(zoo.atSequence("llama3.1-405b", 131072)).contains("llama3.1-405b-seq131072");
        assertThat(zoo.atSequence("llama3-8b-seq4096", 8192)).contains("llama3-8b");
        // Rotary positions set no bound; stepcast's is 2^20 tokens (NeMo trains at 1M with context parallelism), half
        // that where a sample's FLOPs would overflow a long, and the refusal of a length says so.
        assertThatThrownBy(() -> zoo.get("llama3-8b-seq0")).hasMessageContaining("takes 1 to 1048576 tokens, not 0");
        assertThatThrownBy(() -> zoo.get("llama3-8b-seq2000000")).hasMessageContaining("takes 1 to 1048576 tokens");
        assertThat(zoo.get("llama2-7b-seq1048576").forwardFlops()).isPositive();
        assertThat(zoo.get("llama3.1-405b-seq524288").forwardFlops()).isPositive();
        assertThatThrownBy(() -> zoo.get("llama3.1-405b-seq1048576")).hasMessageContaining("takes 1 to 524288 tokens");
        // The parametric Llama of 405B's shape keeps the same bound: a clear refusal, not an overflow.
        assertThatThrownBy(() -> zoo.find("llama-l126-h16384-a128-kv8-f53248-s1048576-v128256"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("one sample of 1048576 tokens has more forward FLOPs than a 64-bit count holds");
        assertThat(zoo.find("llama-l126-h16384-a128-kv8-f53248-s524288-v128256")).isPresent();
        // a parametric Llama at another length is the parametric Llama of that shape
        assertThat(zoo.atSequence("llama-l32-h4096-a32-kv8-f14336-s8192-v128256", 4096)).isEmpty();
    }
}
