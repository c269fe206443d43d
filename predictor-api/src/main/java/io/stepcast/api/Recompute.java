package io.stepcast.api;

import java.util.Locale;

/**
 * Which activations a Megatron-style job recomputes in the backward pass instead of storing them (Korthikanti et
 * al., "Reducing Activation Recomputation in Large Transformer Models", MLSys 2023, sections 4 and 5; Megatron-LM's
 * {@code --recompute-granularity}).
 */
public enum Recompute {
    /** Every activation is stored: no extra forward work, the most memory. */
    NONE,
    /**
     * Only the attention's softmax, its dropout and the attention over V (the {@code 5 a s / h} term of the activation
     * memory) are recomputed (Korthikanti et al., section 5, "selective activation recomputation").
     */
    SELECTIVE,
    /** Each layer keeps only its input; its whole forward pass runs again before its backward pass. */
    FULL;

    /** The lower-case name, as the generic CSV and {@code plan-llm} spell it. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /**
     * The value spelled {@code text} (case ignored).
     *
     * @param field the column or option named in the error
     * @throws InvalidField carrying {@code field}, naming the accepted values
     */
    public static Recompute parse(String text, String field) {
        String t = text == null ? "" : text.strip().toUpperCase(Locale.ROOT);
        for (Recompute r : values()) {
            if (r.name().equals(t)) {
                return r;
            }
        }
        throw new InvalidField(field, "must be none, selective or full, was '" + text + "'");
    }
}
