package io.stepcast.analytic.megatron;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads the plain-text payload {@link MegatronCodec} wrote before the envelope: the first line {@value #HEADER},
 * then {@code name=value} lines with the method, the {@code overlap-dp} option and the {@link Efficiency} constants
 * ({@link EfficiencyText}). Only read, never written. Such constants were fitted when the tensor-link efficiency
 * divided every tensor-parallel all-reduce; today it divides only those without a measured time
 * ({@link MeasuredAllReduce}), so a former file predicts with today's cost model, not the one it was fitted under.
 */
final class FormerMegatronText {
    static final String HEADER = "stepcast-megatron 1";

    private FormerMegatronText() {
    }

    /** What a former payload says: the method's estimator name, the option and the constants. */
    record Fields(String method, boolean overlapData, Efficiency efficiency) {
    }

    static Fields read(byte[] payload) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length == 0 || !lines[0].equals(HEADER)) {
            throw new IOException("not a Megatron payload: line 1 is neither an envelope nor '" + HEADER + "'");
        }
        Map<String, String> fields = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            int eq = lines[i].indexOf('=');
            if (eq <= 0) {
                throw new IOException("Megatron payload line " + (i + 1) + ": expected name=value, found '" + lines[i] + "'");
            }
            fields.put(lines[i].substring(0, eq), lines[i].substring(eq + 1));
        }
        String method = field(fields, "method");
        String overlap = field(fields, "overlap-dp");
        if (!overlap.equals("true") && !overlap.equals("false")) {
            throw new IOException("Megatron payload: overlap-dp must be true or false, was '" + overlap + "'");
        }
        fields.remove("method");
        fields.remove("overlap-dp");
        return new Fields(method, Boolean.parseBoolean(overlap), EfficiencyText.parse(fields));
    }

    private static String field(Map<String, String> fields, String name) throws IOException {
        String v = fields.get(name);
        if (v == null) {
            throw new IOException("Megatron payload: field '" + name + "' is missing");
        }
        return v;
    }
}
