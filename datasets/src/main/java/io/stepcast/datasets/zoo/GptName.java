package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.Locale;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of the parametric GPT, case insensitive:
 * {@code gpt-l<layers>-h<hidden>-a<heads>-s<sequence>-v<vocabulary>[-f<ffn>]}, for example
 * {@code gpt-l24-h1024-a16-s2048-v50304}. The feed-forward size defaults to 4 x hidden; the hidden size
 * must be divisible by the heads. The canonical form is lower case with {@code -f} only when it differs
 * from the default.
 */
final class GptName {
    private static final Pattern NAME = Pattern.compile(
            "gpt-l(\\d{1,6})-h(\\d{1,6})-a(\\d{1,5})-s(\\d{1,7})-v(\\d{1,7})(?:-f(\\d{1,7}))?");

    private GptName() {
    }

    /** The shape a GPT name denotes, or empty when the name is not of that form. */
    static Optional<TransformerShape> parse(String name) {
        Matcher m = NAME.matcher(name.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            return Optional.empty();
        }
        int hidden = Integer.parseInt(m.group(2));
        int ffn = m.group(6) == null ? 4 * hidden : Integer.parseInt(m.group(6));
        try {
            return Optional.of(new TransformerShape(Integer.parseInt(m.group(1)), hidden, Integer.parseInt(m.group(3)),
                    Integer.parseInt(m.group(4)), Integer.parseInt(m.group(5)), ffn));
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("model '" + name + "': " + e.getMessage(), e);
        }
    }

    /** The canonical name of a shape. */
    static String of(TransformerShape t) {
        return t.gptName();
    }

    /** The model a GPT name denotes. */
    static ZooModel model(TransformerShape t) {
        return TransformerModels.gpt(of(t), "parametric GPT in HuggingFace GPT2Model's layout: " + t.layers()
                + " layers, hidden " + t.hidden() + ", " + t.heads() + " heads, " + t.sequence() + " positions, vocabulary "
                + t.vocabulary() + ", FFN " + t.ffn() + ", output projection tied to the embedding; FLOPs for "
                + t.sequence() + " tokens", t);
    }
}
