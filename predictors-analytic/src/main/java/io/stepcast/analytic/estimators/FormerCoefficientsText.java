package io.stepcast.analytic.estimators;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Reads {@link Coefficients} saved before the envelope: plain text, a header line then one line per group, numbers
 * by {@link Double#toString}. Kept so that every model file saved then loads and predicts as it did.
 * <pre>
 * stepcast-coefficients v1 pollux 9
 * resnet50@t4 0.0123 1.2E-4 ...
 * </pre>
 */
final class FormerCoefficientsText {
    private static final String MAGIC = "stepcast-coefficients";
    private static final String VERSION = "v1";

    private FormerCoefficientsText() {
    }

    /** The coefficients of a version-1 payload; errors name the line. */
    static Coefficients decode(byte[] payload, String expectedEstimator, int expectedArity) throws IOException {
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

    /** The coefficients per group a version-1 payload's first line declares (its fourth word), or "" without one. */
    static String declaredArity(byte[] payload) {
        String first = new String(payload, StandardCharsets.UTF_8).split("\n", 2)[0].trim();
        String[] head = first.split(" ");
        return head.length == 4 ? head[3] : "";
    }
}
