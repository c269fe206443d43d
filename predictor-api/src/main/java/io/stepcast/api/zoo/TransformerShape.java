package io.stepcast.api.zoo;

import io.stepcast.api.Validate;

import java.util.List;

/**
 * The shape of a transformer model (the quantities Megatron-LM's cost formulas take; Narayanan et al.,
 * "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21), in one of two block
 * styles ({@link Style}).
 *
 * @param layers     transformer blocks (encoder plus decoder blocks for an encoder-decoder model)
 * @param hidden     hidden size (model width)
 * @param heads      attention (query) heads
 * @param sequence   tokens per sample
 * @param vocabulary vocabulary size (rows of the token embedding)
 * @param ffn        inner size of the feed-forward block (4 x hidden in GPT and BERT)
 * @param kvHeads    key and value heads: {@code heads} for multi-head attention, fewer under grouped-query attention
 *                   (Ainslie et al., "GQA", EMNLP 2023), each shared by {@code heads / kvHeads} query heads
 * @param style      the block's parts: GPT's or Llama's
 */
public record TransformerShape(int layers, int hidden, int heads, int sequence, int vocabulary, int ffn, int kvHeads,
                               Style style) {
    private static final List<String> FIELDS = List.of("layers", "hidden", "heads", "sequence",
            "vocabulary", "ffn", "kv_heads");

    /**
     * The parts of a block beside its attention and feed-forward matrices.
     */
    public enum Style {
        /**
         * GPT's and BERT's (Radford et al. 2019; Megatron-LM's GPT): learned position embeddings, LayerNorm with gain
         * and bias, biases on every linear layer, a GeLU MLP of two matrices, the output layer tied to the word
         * embedding.
         */
        GPT,
        /**
         * Llama's (Touvron et al., "LLaMA", 2023, section 2.2; "Llama 2", 2023, section 2.2): rotary position
         * embeddings (no position parameters), RMSNorm with a gain only, no biases, a SwiGLU MLP of three matrices
         * (gate, up and down, Shazeer 2020), and an output layer with its own weights.
         */
        LLAMA
    }

    public TransformerShape {
        int[] values = {layers, hidden, heads, sequence, vocabulary, ffn, kvHeads};
        for (int i = 0; i < values.length; i++) {
            Validate.positive(values[i], FIELDS.get(i));
        }
        Validate.present(style, "style");
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("hidden size " + hidden + " is not divisible by " + heads + " heads");
        }
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException(heads + " attention heads do not divide into " + kvHeads
                    + " key-value heads");
        }
    }

    /** A GPT-style shape with multi-head attention. */
    public TransformerShape(int layers, int hidden, int heads, int sequence, int vocabulary, int ffn) {
        this(layers, hidden, heads, sequence, vocabulary, ffn, heads, Style.GPT);
    }

    /**
     * The zoo name of a model of this shape, which {@link ModelCatalog#find} accepts: for a GPT
     * {@code gpt-l<layers>-h<hidden>-a<heads>-s<sequence>-v<vocabulary>}, with {@code -f<ffn>} when the feed-forward
     * size is not 4 x hidden; for a Llama {@code llama-l<layers>-h<hidden>-a<heads>-kv<kvHeads>-f<ffn>-s<sequence>
     * -v<vocabulary>}.
     */
    public String gptName() {
        if (style == Style.LLAMA) {
            return "llama-l" + layers + "-h" + hidden + "-a" + heads + "-kv" + kvHeads + "-f" + ffn + "-s" + sequence
                    + "-v" + vocabulary;
        }
        return "gpt-l" + layers + "-h" + hidden + "-a" + heads + "-s" + sequence + "-v" + vocabulary
                + (ffn == 4 * hidden ? "" : "-f" + ffn);
    }

    /** Width of one attention head. */
    public int headSize() {
        return hidden / heads;
    }

    /** Width of the keys (and of the values): {@code kvHeads x headSize}, the hidden size without GQA. */
    public int keyWidth() {
        return kvHeads * headSize();
    }

    /**
     * Weights of one block's matrices: the QKV projection ({@code h x (h + 2 k)}), the output projection
     * ({@code h x h}) and the MLP's two matrices, or SwiGLU's three for a Llama ({@code h x f} each); no biases or
     * norms. A token's forward pass multiplies by each once, 2 FLOPs per weight.
     */
    public double matrixWeights() {
        double h = hidden;
        double mlp = style == Style.LLAMA ? 3 : 2;
        return h * (h + 2.0 * keyWidth()) + h * h + mlp * h * ffn;
    }

    /** The same model at another sequence length. */
    public TransformerShape atSequence(int tokens) {
        return new TransformerShape(layers, hidden, heads, tokens, vocabulary, ffn, kvHeads, style);
    }
}
