package io.stepcast.analytic.estimators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fitted state of a grouped closed-form predictor: a fixed-length coefficient vector per group key.
 * Serialised as plain text, one line per group, with {@link Double#toString} so that a reload restores
 * every bit and predicts exactly the same:
 * <pre>
 * stepcast-coefficients v1 pollux 9
 * resnet50@t4 0.0123 1.2E-4 ...
 * </pre>
 *
 * @param estimator the estimator that fitted them
 * @param arity     coefficients per group
 * @param groups    group key to coefficients, sorted by key
 */
public record Coefficients(String estimator, int arity, Map<String, double[]> groups) {
    private static final String MAGIC = "stepcast-coefficients";
    private static final String VERSION = "v1";

    public Coefficients {
        Map<String, double[]> copy = new TreeMap<>();
        groups.forEach((k, v) -> {
            if (k.isBlank() || k.chars().anyMatch(Character::isWhitespace)) {
                throw new IllegalArgumentException("group key must be non-empty without spaces: '" + k + "'");
            }
            if (v.length != arity) {
                throw new IllegalArgumentException("group " + k + " has " + v.length + " coefficients, expected " + arity);
            }
            copy.put(k, v.clone());
        });
        groups = Collections.unmodifiableMap(copy);
    }

    /** The coefficients of a group, or null when the group was not fitted. */
    public double[] group(String key) {
        double[] v = groups.get(key);
        return v == null ? null : v.clone();
    }

    /** The text form. */
    public byte[] encode() {
        StringBuilder b = new StringBuilder();
        b.append(MAGIC).append(' ').append(VERSION).append(' ').append(estimator).append(' ').append(arity).append('\n');
        groups.forEach((k, v) -> {
            b.append(k);
            for (double d : v) {
                b.append(' ').append(Double.toString(d));
            }
            b.append('\n');
        });
        return b.toString().getBytes(StandardCharsets.UTF_8);
    }

    /**
     * Reads the text form.
     *
     * @throws IOException naming the line when the payload is not coefficients of {@code expectedEstimator}
     *                     with {@code expectedArity} values per group
     */
    public static Coefficients decode(byte[] payload, String expectedEstimator, int expectedArity) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n", -1);
        String[] head = lines[0].trim().split(" ");
        if (head.length != 4 || !head[0].equals(MAGIC) || !head[1].equals(VERSION)) {
            throw new IOException("corrupt " + expectedEstimator + " payload: line 1 is not a '" + MAGIC + " " + VERSION
                    + "' header");
        }
        if (!head[2].equals(expectedEstimator)) {
            throw new IOException("payload holds coefficients of '" + head[2] + "', not of '" + expectedEstimator + "'");
        }
        if (!head[3].equals(Integer.toString(expectedArity))) {
            throw new IOException("corrupt " + expectedEstimator + " payload: line 1 declares " + head[3]
                    + " coefficients per group, expected " + expectedArity);
        }
        Map<String, double[]> groups = new LinkedHashMap<>();
        for (int i = 1; i < lines.length; i++) {
            String line = lines[i].trim();
            if (line.isEmpty()) {
                continue;
            }
            String[] f = line.split(" ");
            if (f.length != expectedArity + 1) {
                throw new IOException("corrupt " + expectedEstimator + " payload: line " + (i + 1) + " has "
                        + (f.length - 1) + " coefficients, expected " + expectedArity);
            }
            double[] v = new double[expectedArity];
            for (int j = 0; j < expectedArity; j++) {
                try {
                    v[j] = Double.parseDouble(f[j + 1]);
                } catch (NumberFormatException e) {
                    throw new IOException("corrupt " + expectedEstimator + " payload: line " + (i + 1)
                            + " value " + (j + 1) + " is not a number: '" + f[j + 1] + "'");
                }
                if (Double.isNaN(v[j])) {
                    throw new IOException("corrupt " + expectedEstimator + " payload: line " + (i + 1) + " holds NaN");
                }
            }
            if (groups.put(f[0], v) != null) {
                throw new IOException("corrupt " + expectedEstimator + " payload: group " + f[0] + " appears twice");
            }
        }
        if (groups.isEmpty()) {
            throw new IOException("corrupt " + expectedEstimator + " payload: no fitted group");
        }
        return new Coefficients(expectedEstimator, expectedArity, groups);
    }
}
