package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Published mixture-of-experts transformers by their configurations, layer by layer. Sources, field by field (Hugging
 * Face {@code config.json}: {@code num_hidden_layers}, {@code hidden_size}, {@code num_attention_heads},
 * {@code num_key_value_heads}, {@code head_dim}, {@code vocab_size}, {@code num_experts} or {@code num_local_experts},
 * {@code num_experts_per_tok} or {@code experts_per_token}, {@code moe_intermediate_size} or
 * {@code intermediate_size}, {@code sliding_window} with {@code layer_types}, {@code attention_bias},
 * {@code tie_word_embeddings}):
 * <ul>
 *   <li>Qwen3-30B-A3B and Qwen3-235B-A22B: Hugging Face {@code Qwen/Qwen3-30B-A3B} and {@code Qwen/Qwen3-235B-A22B}
 *       {@code config.json}; Qwen Team, "Qwen3 Technical Report", 2025, Table 2 (48 and 94 layers, 32/4 and 64/4
 *       query/key-value heads, 128 experts of which 8 are activated, no shared experts, 30.5B and 235B parameters);
 *       query and key RMSNorm per head ({@code q_norm}, {@code k_norm}), no biases, untied output layer; pre-training
 *       at 4,096 tokens before the long-context stage (ibid., section 3.1).</li>
 *   <li>GPT-OSS-120B: Hugging Face {@code openai/gpt-oss-120b} {@code config.json} and OpenAI, "gpt-oss-120b &amp;
 *       gpt-oss-20b Model Card", 2025 (36 layers, 128 experts, top 4, 116.8B parameters, 5.1B active per token):
 *       biases on the attention's projections and on the router and experts, a learned attention sink per head,
 *       every other layer (the even-indexed ones) attending to a 128-token window; {@code initial_context_length}
 *       4,096.</li>
 *   <li>Mixtral 8x7B: Hugging Face {@code mistralai/Mixtral-8x7B-v0.1} {@code config.json}; Jiang et al., "Mixtral
 *       of Experts", 2024, Table 1 (32 layers, hidden 4,096, 32/8 heads, 8 experts, top 2, FFN 14,336, vocabulary
 *       32,000; 46.7B parameters, 12.9B active); the zoo's length 4,096, a length of the published Megatron runs
 *       (the model's own context is 32,768: {@code mixtral-8x7b-seq32768}).</li>
 * </ul>
 * Each expert is a SwiGLU MLP (gate, up, down); the zoo stacks one layer's E experts in one tensor per matrix
 * ({@code [E, f, h]}, as GPT-OSS's checkpoint stores them; Qwen3's and Mixtral's store one tensor per expert, the same
 * parameters). DeepSeek-V3 is not listed: its multi-head latent attention (low-rank compressed keys and values with
 * decoupled rotary heads) and multi-token prediction module are not a {@link TransformerShape}.
 */
final class MoeModels {
    /** A published MoE model: zoo name, title, shape, the parts of its blocks beside the shape, source. */
    record Published(String name, String title, TransformerShape shape, boolean qkNorm, boolean attentionBias,
                     String source) {
        ZooModel build() {
            return build(name, shape.sequence());
        }

        ZooModel build(String variant, int tokens) {
            TransformerShape t = shape.atSequence(tokens);
            Experts e = t.experts().orElseThrow();
            return MoeModels.build(variant, title + " (" + source + "): " + t.layers() + " layers, hidden " + t.hidden()
                    + ", " + t.heads() + " heads of " + t.headSize() + ", " + t.kvHeads() + " key-value heads, "
                    + e.count() + " experts of FFN " + e.ffn() + " (SwiGLU), top " + e.topK()
                    + (t.slidingWindow() > 0 ? ", a " + t.slidingWindow() + "-token window on every other layer" : "")
                    + ", vocabulary " + t.vocabulary() + ", untied output layer; FLOPs for " + tokens + " tokens",
                    this, t);
        }
    }

    /** The published MoE models. */
    static final List<Published> PUBLISHED = List.of(
            new Published("qwen3-30b-a3b", "Qwen3-30B-A3B",
                    shape(48, 2048, 32, 4, 128, 151936, 0, new Experts(128, 8, 768, 0, 0, false)), true, false,
                    "Hugging Face Qwen/Qwen3-30B-A3B config.json; Qwen3 Technical Report, Table 2"),
            new Published("qwen3-235b-a22b", "Qwen3-235B-A22B",
                    shape(94, 4096, 64, 4, 128, 151936, 0, new Experts(128, 8, 1536, 0, 0, false)), true, false,
                    "Hugging Face Qwen/Qwen3-235B-A22B config.json; Qwen3 Technical Report, Table 2"),
            new Published("gpt-oss-120b", "GPT-OSS-120B",
                    shape(36, 2880, 64, 8, 64, 201088, 128, new Experts(128, 4, 2880, 0, 0, true)), false, true,
                    "Hugging Face openai/gpt-oss-120b config.json; gpt-oss-120b model card"),
            new Published("mixtral-8x7b", "Mixtral 8x7B",
                    shape(32, 4096, 32, 8, 128, 32000, 0, new Experts(8, 2, 14336, 0, 0, false)), false, false,
                    "Hugging Face mistralai/Mixtral-8x7B-v0.1 config.json; Jiang et al. 2024, Table 1"));

    private MoeModels() {
    }

    private static TransformerShape shape(int layers, int hidden, int heads, int kvHeads, int headDim, int vocabulary,
                                          int window, Experts experts) {
        return new TransformerShape(layers, hidden, heads, 4096, vocabulary, experts.ffn(), kvHeads,
                TransformerShape.Style.LLAMA, headDim, window, Optional.of(experts));
    }

    /** The published MoE model of a zoo name, exactly as listed. */
    static Optional<Published> named(String name) {
        return PUBLISHED.stream().filter(p -> p.name().equals(name)).findFirst();
    }

    /**
     * The model layer by layer in Hugging Face's layout ({@code Qwen3MoeForCausalLM}, {@code GptOssForCausalLM},
     * {@code MixtralForCausalLM}): the token embedding, pre-norm blocks (RMSNorm, q/k/v/o projections with the query
     * {@code heads x head_dim} wide, the per-head query and key RMSNorm of Qwen3, GPT-OSS's attention sinks, RMSNorm,
     * the router {@code h x E} and the stacked experts), the final RMSNorm and the untied output layer. FLOPs follow
     * the Llama's conventions ({@link TransformerModels#llama}) with the router's product, the k experts a token is
     * sent to (not all E) and the attention over the window on a windowed layer.
     */
    static ZooModel build(String name, String description, Published p, TransformerShape t) {
        NetBuilder b = new NetBuilder();
        Experts e = t.experts().orElseThrow();
        int h = t.hidden();
        int q = t.queryWidth();
        int kv = t.keyWidth();
        long s = t.sequence();
        boolean bias = p.attentionBias();
        b.embedding("model.embed_tokens", t.vocabulary(), h);
        for (int i = 0; i < t.layers(); i++) {
            String l = "model.layers." + i + ".";
            rmsNorm(b, l + "input_layernorm", h, s);
            b.linear(l + "self_attn.q_proj", h, q, bias, s);
            b.linear(l + "self_attn.k_proj", h, kv, bias, s);
            b.linear(l + "self_attn.v_proj", h, kv, bias, s);
            if (p.qkNorm()) {
                rmsNorm(b, l + "self_attn.q_norm", t.headSize(), s * t.heads());
                rmsNorm(b, l + "self_attn.k_norm", t.headSize(), s * t.kvHeads());
            }
            boolean windowed = t.slidingWindow() > 0 && i % 2 == 0;
            long keys = windowed ? Math.min(s, t.slidingWindow()) : s;
            List<TensorSpec> sinks = bias ? List.of(new TensorSpec(l + "self_attn.sinks", List.of(t.heads())))
                    : List.of();
            b.layer(l + "self_attn.core", "SelfAttention", sinks, TransformerModels.attentionFlops(s, keys, q));
            b.linear(l + "self_attn.o_proj", q, h, bias, s);
            rmsNorm(b, l + "post_attention_layernorm", h, s);
            b.linear(l + "mlp.router", h, e.count(), e.biases(), s);
            b.layer(l + "mlp.experts", "Experts", experts(l + "mlp.experts", e, h),
                    s * e.topK() * expertFlops(e, h));
        }
        rmsNorm(b, "model.norm", h, s);
        b.linear("lm_head", h, t.vocabulary(), false, s);
        return b.build(name, description, List.of(t.sequence()), Optional.of(t));
    }

    /**
     * One layer's E experts, each matrix stacked over the experts: gate and up {@code [E, f, h]}, down
     * {@code [E, h, f]}.
     */
    private static List<TensorSpec> experts(String name, Experts e, int h) {
        List<TensorSpec> t = new ArrayList<>();
        for (String m : List.of("gate_proj", "up_proj")) {
            t.add(new TensorSpec(name + "." + m + ".weight", List.of(e.count(), e.ffn(), h)));
            if (e.biases()) {
                t.add(new TensorSpec(name + "." + m + ".bias", List.of(e.count(), e.ffn())));
            }
        }
        t.add(new TensorSpec(name + ".down_proj.weight", List.of(e.count(), h, e.ffn())));
        if (e.biases()) {
            t.add(new TensorSpec(name + ".down_proj.bias", List.of(e.count(), h)));
        }
        return t;
    }

    /** Forward FLOPs of one expert on one token: its three matrices (and their biases). */
    private static long expertFlops(Experts e, int h) {
        return 2 * NetBuilder.linearFlops(h, e.ffn(), e.biases()) + NetBuilder.linearFlops(e.ffn(), h, e.biases());
    }

    private static void rmsNorm(NetBuilder b, String name, int dim, long tokens) {
        b.layer(name, "RMSNorm", List.of(new TensorSpec(name + ".weight", List.of(dim))), (long) dim * tokens);
    }
}
