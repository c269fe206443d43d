package io.stepcast.api.zoo;

import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Validate;

import java.util.List;
import java.util.Optional;

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
 * @param headDim    width of one attention head: {@code hidden / heads} unless a model states its own (Qwen3's and
 *                   GPT-OSS's {@code head_dim} in Hugging Face's {@code config.json}; Megatron-Core's
 *                   {@code --kv-channels}), so that the queries are {@code heads x headDim} wide
 * @param slidingWindow tokens each query attends to on the windowed layers, every other layer from the first (GPT-OSS's
 *                   alternating {@code sliding_attention} and {@code full_attention} layer types; Beltagy et al.,
 *                   "Longformer", 2020); 0 when every layer attends to the whole sequence
 * @param experts    the mixture-of-experts feed-forward block ({@link Experts}), or empty for a dense MLP of width
 *                   {@code ffn}; with experts, {@code ffn} is the MLP of the leading dense layers, if any
 */
public record TransformerShape(int layers, int hidden, int heads, int sequence, int vocabulary, int ffn, int kvHeads,
                               Style style, int headDim, int slidingWindow, Optional<Experts> experts) {
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
        Validate.positive(headDim, "head_dim");
        Validate.present(experts, "experts");
        if (slidingWindow < 0) {
            throw new IllegalArgumentException("sliding window must be non-negative, was " + slidingWindow);
        }
        if (heads % kvHeads != 0) {
            throw new IllegalArgumentException(heads + " attention heads do not divide into " + kvHeads
                    + " key-value heads");
        }
        if (experts.isPresent() && experts.get().firstDenseLayers() >= layers) {
            throw new IllegalArgumentException(experts.get().firstDenseLayers() + " leading dense layers leave none of "
                    + "the " + layers + " layers to the experts");
        }
    }

    /**
     * A dense shape whose heads split the hidden size ({@code headDim = hidden / heads}), every layer attending to all.
     */
    public TransformerShape(int layers, int hidden, int heads, int sequence, int vocabulary, int ffn, int kvHeads,
                            Style style) {
        this(layers, hidden, heads, sequence, vocabulary, ffn, kvHeads, style, splitHeads(hidden, heads), 0,
                Optional.empty());
    }

    private static int splitHeads(int hidden, int heads) {
        Validate.positive(heads, "heads");
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("hidden size " + hidden + " is not divisible by " + heads + " heads");
        }
        return hidden / heads;
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
        if (experts.isPresent() || headDim * heads != hidden || slidingWindow > 0) {
            throw new IllegalStateException("a mixture-of-experts, windowed or wide-head shape has no parametric name; "
                    + "the zoo lists such models by their own names (docs/model-zoo.md)");
        }
        if (style == Style.LLAMA) {
            return "llama-l" + layers + "-h" + hidden + "-a" + heads + "-kv" + kvHeads + "-f" + ffn + "-s" + sequence
                    + "-v" + vocabulary;
        }
        return "gpt-l" + layers + "-h" + hidden + "-a" + heads + "-s" + sequence + "-v" + vocabulary
                + (ffn == 4 * hidden ? "" : "-f" + ffn);
    }

    /** Width of one attention head. */
    public int headSize() {
        return headDim;
    }

    /** Width of the queries (and of the attention's output before its projection): {@code heads x headSize}. */
    public int queryWidth() {
        return heads * headDim;
    }

    /** Whether the feed-forward blocks are experts ({@link #experts()}). */
    public boolean moe() {
        return experts.isPresent();
    }

    /**
     * Why this transformer does not split over {@code layout} as Megatron-LM splits it, carrying the layout's field;
     * empty when it does. Megatron-LM splits each layer's attention heads over the t tensor-parallel ranks (Shoeybi et
     * al., "Megatron-LM", 2019, section 3), and with them the key-value heads of grouped-query attention; it gives each
     * of the p pipeline stages at least one layer; Megatron-Core splits each MoE layer's experts over the e
     * expert-parallel ranks ({@code --num-experts}, {@code --expert-model-parallel-size}), which a dense model does
     * not have.
     */
    public Optional<InvalidField> splitRefusal(ParallelLayout layout) {
        int t = layout.tensor();
        int e = layout.expert();
        if (heads % t != 0) {
            return Optional.of(new InvalidField("tensor_parallel", t + " does not divide the " + heads
                    + " attention heads"));
        }
        if (kvHeads % t != 0) {
            return Optional.of(new InvalidField("tensor_parallel", t + " does not divide the " + kvHeads
                    + " key-value heads"));
        }
        if (layout.pipeline() > layers) {
            return Optional.of(new InvalidField("pipeline_parallel", layout.pipeline() + " exceeds the " + layers
                    + " layers"));
        }
        if (e > 1 && !moe()) {
            return Optional.of(new InvalidField("expert_parallel", e + " needs a mixture-of-experts model, and this "
                    + "one is dense"));
        }
        if (moe() && experts.get().count() % e != 0) {
            return Optional.of(new InvalidField("expert_parallel", e + " does not divide the "
                    + experts.get().count() + " experts"));
        }
        return Optional.empty();
    }

    /** Layers whose feed-forward block is the experts: all but the leading dense ones; 0 for a dense model. */
    public int moeLayers() {
        return experts.map(e -> layers - e.firstDenseLayers()).orElse(0);
    }

    /**
     * Weights of one block's attention: the QKV projection ({@code h x (q + 2 k)}, q the query width) and the output
     * projection ({@code q x h}).
     */
    public double attentionWeights() {
        double h = hidden;
        return h * (queryWidth() + 2.0 * keyWidth()) + (double) queryWidth() * h;
    }

    /** Weights of one dense block's MLP: two {@code h x f} matrices, or SwiGLU's three for a Llama. */
    public double mlpWeights() {
        return (style == Style.LLAMA ? 3.0 : 2.0) * hidden * ffn;
    }

    /**
     * Keys a query meets, averaged over the layers, in the attention products a kernel runs: all s when it computes the
     * whole score matrix ({@code causalSkip} false), else the causal half, s / 2, on a full layer and on a windowed
     * layer the window's mean reach {@code w - w (w - 1) / (2 s)} (the first w queries see fewer keys).
     */
    public double meanAttendedKeys(boolean causalSkip) {
        double s = sequence;
        if (!causalSkip) {
            return s;
        }
        if (slidingWindow == 0 || slidingWindow >= sequence) {
            return s / 2;
        }
        double w = slidingWindow;
        int windowed = (layers + 1) / 2;
        double reach = w - w * (w - 1) / (2 * s);
        return (windowed * reach + (layers - windowed) * s / 2) / layers;
    }

    /** Width of the keys (and of the values): {@code kvHeads x headSize}, the hidden size without GQA. */
    public int keyWidth() {
        return kvHeads * headSize();
    }

    /**
     * Weights of one block's matrices a token multiplies by: the QKV projection ({@code h x (h + 2 k)}), the output
     * projection ({@code h x h}) and the MLP's two matrices, or SwiGLU's three for a Llama ({@code h x f} each); no
     * biases or norms. A token's forward pass multiplies by each once, 2 FLOPs per weight. With experts, the mean over
     * the layers of the weights a token is routed through: a MoE layer's attention, router, k experts and shared
     * expert ({@link Experts#activeWeights}), a leading dense layer's MLP.
     */
    public double matrixWeights() {
        if (experts.isEmpty()) {
            return attentionWeights() + mlpWeights();
        }
        int dense = experts.get().firstDenseLayers();
        double moe = attentionWeights() + experts.get().activeWeights(hidden);
        return (dense * (attentionWeights() + mlpWeights()) + (layers - dense) * moe) / layers;
    }

    /** The same model at another sequence length. */
    public TransformerShape atSequence(int tokens) {
        return new TransformerShape(layers, hidden, heads, tokens, vocabulary, ffn, kvHeads, style, headDim,
                slidingWindow, experts);
    }
}
