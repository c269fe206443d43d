package io.stepcast.analytic.estimators;

import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.TreeMap;

/**
 * The fitted state of a grouped closed-form predictor: a fixed-length coefficient vector per group key.
 * Saved as an envelope whose doubles read back to the same bits, so that a reload predicts exactly the same:
 * <pre>
 * {"format":"stepcast-coefficients","version":2,"estimator":"pollux","arity":9,
 *  "groups":{"resnet50@t4":[0.0123,1.2E-4, ...]}}
 * </pre>
 *
 * @param estimator the estimator that fitted them
 * @param arity     coefficients per group
 * @param groups    group key to coefficients, sorted by key
 */
public record Coefficients(String estimator, int arity, Map<String, double[]> groups) {
    /** The envelope's format tag; version 1 was the plain text {@code FormerCoefficientsText} reads. */
    public static final String FORMAT = "stepcast-coefficients";
    private static final int VERSION = 2;

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

    /** The envelope {@value #FORMAT}: the estimator, the arity and every group's coefficients by key. */
    public byte[] encode() {
        PayloadWriter w = PayloadWriter.envelope(FORMAT, VERSION).text("estimator", estimator).integer("arity", arity);
        PayloadWriter g = w.object("groups");
        groups.forEach(g::numbers);
        return w.bytes();
    }

    /**
     * The coefficients per group a payload declares: its {@code arity} field, or the fourth word of a version-1
     * header; -1 when it declares none.
     */
    public static int declaredArity(byte[] payload) {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            String words = FormerCoefficientsText.declaredArity(payload);
            return words.matches("[0-9]{1,6}") ? Integer.parseInt(words) : -1;
        }
        try {
            return PayloadReader.open(payload, "coefficients", FORMAT, VERSION, VERSION).integer("arity");
        } catch (IOException e) {
            return -1;
        }
    }

    /**
     * Reads {@link #encode}'s envelope, or the plain text that version 1 wrote ({@code FormerCoefficientsText}).
     *
     * @throws IOException naming the field or line when the payload is not coefficients of {@code expectedEstimator}
     *                     with {@code expectedArity} values per group
     */
    public static Coefficients decode(byte[] payload, String expectedEstimator, int expectedArity) throws IOException {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            return FormerCoefficientsText.decode(payload, expectedEstimator, expectedArity);
        }
        PayloadReader r = PayloadReader.open(payload, "corrupt " + expectedEstimator + " payload", FORMAT, VERSION,
                VERSION);
        String estimator = r.text("estimator");
        if (!estimator.equals(expectedEstimator)) {
            throw new IOException("payload holds coefficients of '" + estimator + "', not of '" + expectedEstimator
                    + "'");
        }
        if (r.integer("arity") != expectedArity) {
            throw r.corrupt("arity", r.integer("arity") + " coefficients per group, expected " + expectedArity);
        }
        PayloadReader g = r.object("groups");
        Map<String, double[]> groups = new LinkedHashMap<>();
        for (String key : g.names()) {
            double[] v = g.numbers(key);
            if (v.length != expectedArity) {
                throw g.corrupt(key, v.length + " coefficients, expected " + expectedArity);
            }
            for (double d : v) {
                if (Double.isNaN(d)) {
                    throw g.corrupt(key, "holds NaN");
                }
            }
            groups.put(key, v);
        }
        if (groups.isEmpty()) {
            throw r.corrupt("groups", "no fitted group");
        }
        try {
            return new Coefficients(expectedEstimator, expectedArity, groups);
        } catch (IllegalArgumentException e) {
            throw r.corrupt("groups", e.getMessage());
        }
    }
}
