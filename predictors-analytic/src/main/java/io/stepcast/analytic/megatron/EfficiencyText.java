package io.stepcast.analytic.megatron;

import java.io.IOException;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The {@link Efficiency} constants by name, for {@link MegatronCodec} (envelope fields, with {@code _} for {@code -})
 * and {@link FormerMegatronText}; every constant must be present.
 */
final class EfficiencyText {
    private static final String[] NAMES = {"flops", "memory", "tensor-link", "host-s", "iteration-s", "overlap", "end-host-s", "unfused-softmax-s"};

    private EfficiencyText() {
    }

    /** The constants by name, in the record's order. */
    static Map<String, Double> values(Efficiency e) {
        double[] v = e.toArray();
        Map<String, Double> out = new LinkedHashMap<>();
        for (int i = 0; i < NAMES.length; i++) {
            out.put(NAMES[i], v[i]);
        }
        return out;
    }

    /** The constants from their text values; a missing, extra or unreadable one is an error naming it. */
    static Efficiency parse(Map<String, String> fields) throws IOException {
        Map<String, Double> values = new LinkedHashMap<>();
        for (Map.Entry<String, String> f : fields.entrySet()) {
            try {
                values.put(f.getKey(), Double.parseDouble(f.getValue()));
            } catch (NumberFormatException ex) {
                throw new IOException("Megatron payload: field '" + f.getKey() + "' is not a number: '"
                        + f.getValue() + "'");
            }
        }
        return of(values);
    }

    /** The constants from their values by name; a missing, extra or out-of-range one is an error naming it. */
    static Efficiency of(Map<String, Double> fields) throws IOException {
        double[] v = new double[NAMES.length];
        for (int i = 0; i < NAMES.length; i++) {
            Double value = fields.get(NAMES[i]);
            if (value == null) {
                throw new IOException("Megatron payload: field '" + NAMES[i] + "' is missing");
            }
            v[i] = value;
        }
        for (String name : fields.keySet()) {
            if (!Arrays.asList(NAMES).contains(name)) {
                throw new IOException("Megatron payload: unknown field '" + name + "'");
            }
        }
        try {
            return Efficiency.fromArray(v);
        } catch (IllegalArgumentException ex) {
            throw new IOException("Megatron payload: " + ex.getMessage(), ex);
        }
    }
}
