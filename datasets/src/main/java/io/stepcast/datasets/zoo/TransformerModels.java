package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Transformer models layer by layer: BERT (Devlin et al., NAACL 2019) as HuggingFace {@code BertModel}
 * defines it, GPT-2 and the parametric GPT as HuggingFace {@code GPT2Model} defines it (Radford et al.,
 * 2019), the Llamas as HuggingFace {@code LlamaForCausalLM} defines them, and the encoder-decoder Transformer of
 * Vaswani et al. (NeurIPS 2017) in fairseq's naming.
 *
 * <p>FLOPs per sample (one sequence) follow {@link NetBuilder}: 2 per multiply-accumulate of every matrix
 * product, attention scores included ({@code Q K^T} and {@code softmax(.) V}, 2 x 2 x s^2 x h per
 * layer, the causal mask not subtracted), 1 per bias output, 2 per layer-norm element; softmax,
 * GELU and dropout are not counted. This is Megatron-LM's count (Narayanan et al., SC'21, section 5.1:
 * 24 s h^2 + 4 s^2 h per layer and 2 s h V for the logits) plus the biases and layer norms.
 */
final class TransformerModels {
    private TransformerModels() {
    }

    /**
     * A GPT of any shape in HuggingFace {@code GPT2Model}'s layout: token ({@code wte}) and learned position
     * ({@code wpe}) embeddings, pre-norm blocks {@code h.<i>} (ln_1, fused q/k/v projection
     * {@code attn.c_attn}, {@code attn.c_proj}, ln_2, {@code mlp.c_fc}, {@code mlp.c_proj}, all with biases),
     * the final {@code ln_f}, and the output projection tied to {@code wte} (no parameters of its own).
     * HuggingFace's {@code Conv1D} stores weights in x out.
     */
    static ZooModel gpt(String name, String description, TransformerShape t) {
        NetBuilder b = new NetBuilder();
        int h = t.hidden();
        int f = t.ffn();
        long s = t.sequence();
        b.embedding("wte", t.vocabulary(), h);
        b.embedding("wpe", t.sequence(), h);
        for (int i = 0; i < t.layers(); i++) {
            String p = "h." + i + ".";
            b.layerNorm(p + "ln_1", h, s);
            b.layer(p + "attn.c_attn", "MatMul", conv1d(p + "attn.c_attn", h, 3 * h), s * NetBuilder.linearFlops(h, 3 * h, true));
            b.layer(p + "attn.core", "SelfAttention", List.of(), attentionFlops(s, s, h));
            b.layer(p + "attn.c_proj", "MatMul", conv1d(p + "attn.c_proj", h, h), s * NetBuilder.linearFlops(h, h, true));
            b.layerNorm(p + "ln_2", h, s);
            b.layer(p + "mlp.c_fc", "MatMul", conv1d(p + "mlp.c_fc", h, f), s * NetBuilder.linearFlops(h, f, true));
            b.layer(p + "mlp.c_proj", "MatMul", conv1d(p + "mlp.c_proj", f, h), s * NetBuilder.linearFlops(f, h, true));
        }
        b.layerNorm("ln_f", h, s);
        // lm_head shares wte's weight: its FLOPs count, its gradient is wte's.
        b.layer("lm_head", "MatMul", List.of(), s * 2L * h * t.vocabulary());
        return b.build(name, description, List.of(t.sequence()), Optional.of(t));
    }

    /**
     * A Llama of any shape in HuggingFace {@code LlamaForCausalLM}'s layout (Touvron et al., "LLaMA", 2023, section
     * 2.2; "Llama 2", 2023, section 2.2; Meta's reference {@code llama/model.py}): the token embedding
     * {@code model.embed_tokens}, pre-norm blocks {@code model.layers.<i>} (RMSNorm {@code input_layernorm}, the
     * projections {@code self_attn.q_proj} (h x h), {@code k_proj} and {@code v_proj} (kv heads x head size, fewer
     * than h under grouped-query attention), {@code o_proj}, RMSNorm {@code post_attention_layernorm}, the SwiGLU
     * {@code mlp.gate_proj}, {@code mlp.up_proj} and {@code mlp.down_proj}), the final RMSNorm {@code model.norm}
     * and the untied output layer {@code lm_head} (vocabulary x h, its own weight). No biases anywhere; rotary
     * positions have no parameters. {@code nn.Linear} stores weights out x in.
     *
     * <p>FLOPs follow the GPT's conventions: 2 per multiply-accumulate, attention scores over all query heads (grouped
     * keys are shared, not fewer products), 1 per element for an RMSNorm (its gain; it has no shift), the SiLU and the
     * gate's element-wise product not counted.
     */
    static ZooModel llama(String name, String description, TransformerShape t) {
        if (t.style() != TransformerShape.Style.LLAMA) {
            throw new IllegalArgumentException("model " + name + " is not a Llama-style shape: " + t);
        }
        NetBuilder b = new NetBuilder();
        int h = t.hidden();
        int kv = t.keyWidth();
        int f = t.ffn();
        long s = t.sequence();
        b.embedding("model.embed_tokens", t.vocabulary(), h);
        for (int i = 0; i < t.layers(); i++) {
            String p = "model.layers." + i + ".";
            rmsNorm(b, p + "input_layernorm", h, s);
            b.linear(p + "self_attn.q_proj", h, h, false, s);
            b.linear(p + "self_attn.k_proj", h, kv, false, s);
            b.linear(p + "self_attn.v_proj", h, kv, false, s);
            b.layer(p + "self_attn.core", "SelfAttention", List.of(), attentionFlops(s, s, h));
            b.linear(p + "self_attn.o_proj", h, h, false, s);
            rmsNorm(b, p + "post_attention_layernorm", h, s);
            b.linear(p + "mlp.gate_proj", h, f, false, s);
            b.linear(p + "mlp.up_proj", h, f, false, s);
            b.linear(p + "mlp.down_proj", f, h, false, s);
        }
        rmsNorm(b, "model.norm", h, s);
        b.linear("lm_head", h, t.vocabulary(), false, s);
        return b.build(name, description, List.of(t.sequence()), Optional.of(t));
    }

    /** RMSNorm over {@code dim} features at each of {@code tokens} positions: a gain, no shift. */
    private static void rmsNorm(NetBuilder b, String name, int dim, long tokens) {
        b.layer(name, "RMSNorm", List.of(new TensorSpec(name + ".weight", List.of(dim))), (long) dim * tokens);
    }

    private static List<TensorSpec> conv1d(String name, int in, int out) {
        return List.of(new TensorSpec(name + ".weight", List.of(in, out)), new TensorSpec(name + ".bias", List.of(out)));
    }

    /** Q K^T and the weighted sum of V for {@code queries} x {@code keys} positions of width {@code h}. */
    static long attentionFlops(long queries, long keys, int h) {
        return 2 * (2L * queries * keys * h);
    }

    /**
     * BERT as HuggingFace {@code BertModel} defines it (post-norm encoder, GELU, 512 learned positions, 2
     * token types, with the pooler), the FLOPs for a sequence of 512 tokens.
     */
    static ZooModel bert(String name, int layers, int hidden, int heads) {
        return bert(name, layers, hidden, heads, 512);
    }

    /**
     * BERT as {@link #bert(String, int, int, int)} with the FLOPs for a sequence of {@code tokens} tokens: the
     * parameters (512 learned positions included) do not depend on the length a job trains at, the work per
     * sequence does (BERT's pre-training runs 90% of its steps at 128 tokens and the rest at 512, Devlin et al.,
     * NAACL 2019, appendix A.2).
     */
    static ZooModel bert(String name, int layers, int hidden, int heads, int tokens) {
        if (tokens < 1 || tokens > 512) {
            throw new IllegalArgumentException("BERT takes 1 to 512 tokens, not " + tokens);
        }
        TransformerShape t = new TransformerShape(layers, hidden, heads, tokens, 30522, 4 * hidden);
        NetBuilder b = new NetBuilder();
        int h = hidden;
        long s = t.sequence();
        b.layer("embeddings", "Embedding", List.of(
                new TensorSpec("embeddings.word_embeddings.weight", List.of(t.vocabulary(), h)),
                new TensorSpec("embeddings.position_embeddings.weight", List.of(512, h)),
                new TensorSpec("embeddings.token_type_embeddings.weight", List.of(2, h))), 0);
        b.layerNorm("embeddings.LayerNorm", h, s);
        for (int i = 0; i < layers; i++) {
            String p = "encoder.layer." + i + ".";
            String a = p + "attention.self.";
            b.layer(p + "attention.self", "SelfAttention", List.of(
                    new TensorSpec(a + "query.weight", List.of(h, h)), new TensorSpec(a + "query.bias", List.of(h)),
                    new TensorSpec(a + "key.weight", List.of(h, h)), new TensorSpec(a + "key.bias", List.of(h)),
                    new TensorSpec(a + "value.weight", List.of(h, h)), new TensorSpec(a + "value.bias", List.of(h))),
                    3 * s * NetBuilder.linearFlops(h, h, true) + attentionFlops(s, s, h));
            b.linear(p + "attention.output.dense", h, h, true, s);
            b.layerNorm(p + "attention.output.LayerNorm", h, s);
            b.linear(p + "intermediate.dense", h, t.ffn(), true, s);
            b.linear(p + "output.dense", t.ffn(), h, true, s);
            b.layerNorm(p + "output.LayerNorm", h, s);
        }
        b.linear("pooler.dense", h, h, true, 1);
        return b.build(name, "HuggingFace BertModel " + layers + " layers, hidden " + h + ", " + heads
                + " heads, vocabulary 30522, with the pooler; FLOPs for " + tokens + " tokens", List.of(tokens),
                Optional.of(t));
    }

    /**
     * The Transformer of Vaswani et al. (NeurIPS 2017, Table 3) for WMT 2014 English-German as fairseq names it
     * ({@code transformer_wmt_en_de}, {@code transformer_vaswani_wmt_en_de_big}): post-norm, sinusoidal
     * positions (no parameters), one embedding of the shared 37,000-token vocabulary for source, target and
     * the pre-softmax projection (section 3.4), 6 encoder and 6 decoder layers; FLOPs for a sentence pair of
     * 128 source and 128 target tokens.
     */
    static ZooModel vaswani(String name, int d, int ffn, int heads) {
        return vaswani(name, d, ffn, heads, 128);
    }

    /**
     * The Transformer as {@link #vaswani(String, int, int, int)} with the FLOPs for a sentence pair of
     * {@code tokens} source and {@code tokens} target tokens (sinusoidal positions: the parameters do not change).
     */
    static ZooModel vaswani(String name, int d, int ffn, int heads, int tokens) {
        int vocab = 37000;
        int layers = 6;
        long s = tokens;
        TransformerShape t = new TransformerShape(2 * layers, d, heads, (int) s, vocab, ffn);
        NetBuilder b = new NetBuilder();
        b.embedding("encoder.embed_tokens", vocab, d);
        for (int i = 0; i < layers; i++) {
            String p = "encoder.layers." + i + ".";
            attention(b, p + "self_attn", d, s, s);
            b.layerNorm(p + "self_attn_layer_norm", d, s);
            b.linear(p + "fc1", d, ffn, true, s);
            b.linear(p + "fc2", ffn, d, true, s);
            b.layerNorm(p + "final_layer_norm", d, s);
        }
        for (int i = 0; i < layers; i++) {
            String p = "decoder.layers." + i + ".";
            attention(b, p + "self_attn", d, s, s);
            b.layerNorm(p + "self_attn_layer_norm", d, s);
            attention(b, p + "encoder_attn", d, s, s);
            b.layerNorm(p + "encoder_attn_layer_norm", d, s);
            b.linear(p + "fc1", d, ffn, true, s);
            b.linear(p + "fc2", ffn, d, true, s);
            b.layerNorm(p + "final_layer_norm", d, s);
        }
        // The pre-softmax projection shares the embedding's weight.
        b.layer("decoder.output_projection", "MatMul", List.of(), s * 2L * d * vocab);
        return b.build(name, "Transformer (Vaswani et al. 2017) d_model " + d + ", d_ff " + ffn + ", " + heads
                + " heads, 6+6 layers, shared 37,000-token vocabulary (fairseq names); FLOPs for " + s + "+" + s + " tokens",
                List.of((int) s, (int) s), Optional.of(t));
    }

    /** fairseq {@code MultiheadAttention}: q, k, v and output projections with biases, and the scores. */
    private static void attention(NetBuilder b, String name, int d, long queries, long keys) {
        List<TensorSpec> t = new ArrayList<>();
        for (String proj : List.of("q_proj", "k_proj", "v_proj", "out_proj")) {
            t.add(new TensorSpec(name + "." + proj + ".weight", List.of(d, d)));
            t.add(new TensorSpec(name + "." + proj + ".bias", List.of(d)));
        }
        long flops = (2 * queries + 2 * keys) * NetBuilder.linearFlops(d, d, true) + attentionFlops(queries, keys, d);
        b.layer(name, "SelfAttention", t, flops);
    }
}
