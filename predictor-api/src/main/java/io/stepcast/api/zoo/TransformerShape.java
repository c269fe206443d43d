package io.stepcast.api.zoo;

import io.stepcast.api.Validate;

import java.util.List;

/**
 * The shape of a transformer model (the quantities Megatron-LM's cost formulas take; Narayanan et al.,
 * "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21).
 *
 * @param layers     transformer blocks (encoder plus decoder blocks for an encoder-decoder model)
 * @param hidden     hidden size (model width)
 * @param heads      attention heads
 * @param sequence   tokens per sample
 * @param vocabulary vocabulary size (rows of the token embedding)
 * @param ffn        inner size of the feed-forward block (4 x hidden in GPT and BERT)
 */
public record TransformerShape(int layers, int hidden, int heads, int sequence, int vocabulary, int ffn) {
    private static final List<String> FIELDS = List.of("layers", "hidden", "heads", "sequence",
            "vocabulary", "ffn");

    public TransformerShape {
        int[] values = {layers, hidden, heads, sequence, vocabulary, ffn};
        for (int i = 0; i < values.length; i++) {
            Validate.positive(values[i], FIELDS.get(i));
        }
        if (hidden % heads != 0) {
            throw new IllegalArgumentException("hidden size " + hidden + " is not divisible by " + heads + " heads");
        }
    }

    /**
     * The zoo name of a GPT of this shape, {@code gpt-l<layers>-h<hidden>-a<heads>-s<sequence>-v<vocabulary>},
     * with {@code -f<ffn>} when the feed-forward size is not 4 x hidden; {@link ModelCatalog#find} accepts it.
     */
    public String gptName() {
        return "gpt-l" + layers + "-h" + hidden + "-a" + heads + "-s" + sequence + "-v" + vocabulary
                + (ffn == 4 * hidden ? "" : "-f" + ffn);
    }

    /** Width of one attention head. */
    public int headSize() {
        return hidden / heads;
    }
}
