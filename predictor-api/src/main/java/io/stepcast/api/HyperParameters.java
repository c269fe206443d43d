package io.stepcast.api;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Text-valued hyper-parameters with declared defaults. Unknown keys and malformed values are refused
 * with a message that names the parameter, so a typo in a suite file fails at once rather than being
 * silently ignored.
 *
 * @param values every declared parameter with its current value, in declaration order
 */
public record HyperParameters(Map<String, String> values) {
    public HyperParameters {
        values = Collections.unmodifiableMap(new LinkedHashMap<>(Objects.requireNonNull(values)));
    }

    /** Declares parameters with their defaults, in order: {@code of("trees", "100", "depth", "6")}. */
    public static HyperParameters of(String... keysAndDefaults) {
        if (keysAndDefaults.length % 2 != 0) {
            throw new IllegalArgumentException("keys and defaults must come in pairs");
        }
        Map<String, String> m = new LinkedHashMap<>();
        for (int i = 0; i < keysAndDefaults.length; i += 2) {
            m.put(keysAndDefaults[i], keysAndDefaults[i + 1]);
        }
        return new HyperParameters(m);
    }

    /** A copy with the overrides applied; every key must already be declared. */
    public HyperParameters with(Map<String, String> overrides) {
        Map<String, String> m = new LinkedHashMap<>(values);
        overrides.forEach((k, v) -> {
            if (!m.containsKey(k)) {
                throw new IllegalArgumentException("unknown hyper-parameter '" + k + "' (known: "
                        + String.join(", ", m.keySet()) + ")");
            }
            m.put(k, Objects.requireNonNull(v, k));
        });
        return new HyperParameters(m);
    }

    /** The text value of a declared parameter. */
    public String text(String key) {
        String v = values.get(key);
        if (v == null) {
            throw new IllegalArgumentException("unknown hyper-parameter '" + key + "'");
        }
        return v;
    }

    /** The value as an int. */
    public int integer(String key) {
        try {
            return Integer.parseInt(text(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hyper-parameter '" + key + "' must be an integer, was '" + text(key) + "'");
        }
    }

    /** The value as an int, which must be at least {@code min}. */
    public int integerAtLeast(String key, int min) {
        int v = integer(key);
        if (v < min) {
            throw new IllegalArgumentException("hyper-parameter '" + key + "' must be at least " + min);
        }
        return v;
    }

    /** The value as a long. */
    public long longValue(String key) {
        try {
            return Long.parseLong(text(key).trim());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hyper-parameter '" + key + "' must be an integer, was '" + text(key) + "'");
        }
    }

    /** The value as a finite double. */
    public double real(String key) {
        try {
            return Validate.finite(Double.parseDouble(text(key).trim()), "hyper-parameter '" + key + "'");
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("hyper-parameter '" + key + "' must be a number, was '" + text(key) + "'");
        }
    }

    /** The value as a boolean ({@code true} or {@code false}). */
    public boolean flag(String key) {
        String v = text(key).trim();
        if (v.equalsIgnoreCase("true") || v.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(v);
        }
        throw new IllegalArgumentException("hyper-parameter '" + key + "' must be true or false, was '" + v + "'");
    }

    /** The value as a comma-separated list of trimmed, non-empty items. */
    public List<String> list(String key) {
        return Arrays.stream(text(key).split(",")).map(String::trim).filter(s -> !s.isEmpty()).toList();
    }

    /** The value, which must be one of {@code allowed}. */
    public String choice(String key, String... allowed) {
        return choice(key, List.of(allowed));
    }

    /** As {@link #choice(String, String...)}, over a list (a constant list of choices cannot be changed). */
    public String choice(String key, List<String> allowed) {
        String v = text(key).trim();
        for (String a : allowed) {
            if (a.equalsIgnoreCase(v)) {
                return a;
            }
        }
        throw new IllegalArgumentException("hyper-parameter '" + key + "' must be one of " + String.join("|", allowed)
                + ", was '" + v + "'");
    }
}
