package io.stepcast.datasets.zoo;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.IntFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The zoo's encoder transformers and published Llamas at another sequence length, named
 * {@code <model>-seq<tokens>} as {@code BERT-large-seq128} is: the same parameters (BERT's 512 learned positions,
 * the Transformer's sinusoidal ones, the Llamas' rotary ones), the FLOPs of a sequence of that many tokens. A job's
 * work per sample depends on the length it trains at (BERT pre-trains at 128 and 512 tokens, Devlin et al., NAACL
 * 2019, appendix A.2; Llama 3 at 8,192 and then up to 128K, Dubey et al. 2024, section 3.4), its gradients do not.
 * GPT models have none: their learned positions make a GPT at another length the parametric GPT of that shape
 * ({@code GptName}).
 */
final class SequenceVariants {
    private static final Pattern NAME = Pattern.compile("(.+)-seq(\\d{1,7})", Pattern.CASE_INSENSITIVE);
    /**
     * The bound of a family whose positions set none (the Transformer's sinusoids, the Llamas' rotary ones): 2^20
     * tokens, the million-token contexts that context parallelism trains at (NVIDIA NeMo's long-sequence tables) and
     * the most the seven digits of a variant's name state; halved for a model whose sample's FLOPs at that length
     * would not fit a long ({@link #boundOf}).
     */
    private static final int UNBOUNDED = 1 << 20;

    /** The builders by canonical base name, each of a model named as given at a number of tokens. */
    private static final Map<String, Family> FAMILIES = families();

    private record Family(int maxTokens, IntFunction<ZooModel> build) {
    }

    /** A base model and a sequence length. */
    record Variant(String base, int tokens) {
        /** The canonical name, {@code <base>-seq<tokens>}. */
        String name() {
            return SequenceVariants.name(base, tokens);
        }

        /** The model. */
        ZooModel build() {
            return FAMILIES.get(base).build().apply(tokens);
        }
    }

    private SequenceVariants() {
    }

    private static Map<String, Family> families() {
        Map<String, Family> m = new LinkedHashMap<>();
        m.put("BERT-base", new Family(512, n -> TransformerModels.bert(name("BERT-base", n), 12, 768, 12, n)));
        m.put("BERT-large", new Family(512, n -> TransformerModels.bert(name("BERT-large", n), 24, 1024, 16, n)));
        m.put("Transformer-base", new Family(UNBOUNDED,
                n -> TransformerModels.vaswani(name("Transformer-base", n), 512, 2048, 8, n)));
        m.put("Transformer-big", new Family(UNBOUNDED,
                n -> TransformerModels.vaswani(name("Transformer-big", n), 1024, 4096, 16, n)));
        for (LlamaModels.Published p : LlamaModels.PUBLISHED) {
            // Rotary positions have no table to outgrow: a Llama takes its long-context phases' lengths too.
            IntFunction<ZooModel> build = n -> p.build(name(p.name(), n), n);
            m.put(p.name(), new Family(boundOf(build), build));
        }
        for (MoeModels.Published p : MoeModels.PUBLISHED) {
            IntFunction<ZooModel> build = n -> p.build(name(p.name(), n), n);
            m.put(p.name(), new Family(boundOf(build), build));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * The longest power-of-two length up to {@link #UNBOUNDED} at which a model's forward FLOPs per sample fit a long
     * (the attention's {@code 4 s^2 h} per layer of Llama 3.1 405B overflows one at 2^20 tokens).
     */
    private static int boundOf(IntFunction<ZooModel> build) {
        for (int n = UNBOUNDED; n > 1; n >>= 1) {
            try {
                build.apply(n).forwardFlops();
                return n;
            } catch (ArithmeticException overflow) {
                // try half the length
            }
        }
        return 1;
    }

    private static String name(String base, int tokens) {
        return base + "-seq" + tokens;
    }

    /** Whether the canonical model has variants of other sequence lengths. */
    static boolean has(String canonical) {
        return FAMILIES.containsKey(canonical);
    }

    /**
     * The variant of {@code canonical} at {@code tokens} tokens.
     *
     * @throws IllegalArgumentException when the model takes no such length
     */
    static Variant of(String canonical, int tokens) {
        Family f = FAMILIES.get(canonical);
        if (f == null) {
            throw new IllegalArgumentException("model '" + canonical + "' has no variants of other sequence lengths");
        }
        if (tokens < 1 || tokens > f.maxTokens()) {
            throw new IllegalArgumentException(canonical + " takes 1 to " + f.maxTokens() + " tokens, not " + tokens);
        }
        return new Variant(canonical, tokens);
    }

    /**
     * The variant a name {@code <model>-seq<tokens>} denotes, with {@code canonicalBase} resolving the model's
     * name; empty when the name is not of that form or its model has no variants.
     *
     * @throws IllegalArgumentException when the model takes no such length
     */
    static Optional<Variant> parse(String name, java.util.function.Function<String, Optional<String>> canonicalBase) {
        Matcher m = NAME.matcher(name.trim());
        if (!m.matches()) {
            return Optional.empty();
        }
        Optional<String> base = canonicalBase.apply(m.group(1)).filter(SequenceVariants::has);
        if (base.isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(of(base.get(), Integer.parseInt(m.group(2))));
    }
}
