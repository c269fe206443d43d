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
        double[] v = new double[NAMES.length];
        for (int i = 0; i < NAMES.length; i++) {
            String text = fields.get(NAMES[i]);
            if (text == null) {
                throw new IOException("Megatron payload: field '" + NAMES[i] + "' is missing");
            }
            try {
                v[i] = Double.parseDouble(text);
            } catch (NumberFormatException ex) {
                throw new IOException("Megatron payload: field '" + NAMES[i] + "' is not a number: '" + text + "'");
            }
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
