package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the parametric Llama, case insensitive, as {@link TransformerShape#gptName()} writes a Llama-style
 * shape: {@code llama-l<layers>-h<hidden>-a<heads>-kv<kvHeads>-f<ffn>-s<sequence>-v<vocabulary>}, for example
 * {@code llama-l32-h4096-a32-kv8-f14336-s8192-v128256} (Llama 3 8B's shape). Every field is stated: a Llama's
 * feed-forward size follows no fixed multiple of the hidden size (Meta's {@code llama/model.py} rounds
 * {@code ffn_dim_multiplier x 8h/3} up to {@code multiple_of}), and its key-value heads vary by model. The hidden
 * size must be divisible by the heads and the heads by the key-value heads.
 */
final class LlamaName {
    private static final Pattern NAME = Pattern.compile(
            "llama-l(\\d{1,6})-h(\\d{1,6})-a(\\d{1,5})-kv(\\d{1,5})-f(\\d{1,7})-s(\\d{1,7})-v(\\d{1,7})");

    private LlamaName() {
    }

    /**
     * The shape a Llama name denotes, or empty when the name is not of that form.
     *
     * @throws IllegalArgumentException naming the model when the shape is impossible
     */
    static Optional<TransformerShape> parse(String name) {
        Matcher m = NAME.matcher(name.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        try {
            return Optional.of(new TransformerShape(number(m, 1), number(m, 2), number(m, 3), number(m, 6),
                    number(m, 7), number(m, 5), number(m, 4), TransformerShape.Style.LLAMA));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("model '" + name + "': " + e.getMessage(), e);
        }
    }

    private static int number(Matcher m, int group) {
        return Integer.parseInt(m.group(group));
    }

    /** The model a Llama name denotes. */
    static ZooModel model(TransformerShape t) {
        return TransformerModels.llama(t.gptName(), "parametric Llama in HuggingFace LlamaForCausalLM's layout: "
                + t.layers() + " layers, hidden " + t.hidden() + ", " + t.heads() + " heads, " + t.kvHeads()
                + " key-value heads, FFN " + t.ffn() + " (SwiGLU), vocabulary " + t.vocabulary()
                + ", rotary positions, untied output layer; FLOPs for " + t.sequence() + " tokens", t);
    }
}
