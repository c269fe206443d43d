package io.stepcast.analytic.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.analytic.estimators.CourierOlsEstimator;
import io.stepcast.analytic.estimators.CourierOlsPredictor;
import io.stepcast.analytic.estimators.OlsModel;
import io.stepcast.analytic.formula.Term;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads {@code courier-ols} payloads saved before the envelope: plain text, numbers by {@link Double#toString}. Kept
 * so that every model file saved then loads and predicts as it did.
 * <pre>
 * stepcast-courier-ols v1
 * extrapolate false
 * model response-time
 * terms cpu batch njobs cpu:batch cpu:njobs batch:njobs cpu:batch:njobs
 * coef 423.55 -11.30 ...
 * range cpu 1.0 8.0
 * constant network 0.0
 * end
 * </pre>
 */
final class FormerCourierOlsText {
    static final String HEADER = "stepcast-courier-ols v1";

    private FormerCourierOlsText() {
    }

    /** The predictor of a version-1 payload; errors name the line. */
    static Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String[] lines = new String(payload, StandardCharsets.UTF_8).split("\n");
        if (lines.length < 2 || !lines[0].trim().equals(HEADER)) {
            throw new IOException("corrupt " + CourierOlsEstimator.NAME + " payload: line 1 is not '" + HEADER + "'");
        }
        String[] ex = fields(lines, 1, "extrapolate", 2);
        if (!ex[1].equals("true") && !ex[1].equals("false")) {
            throw corrupt(2, "extrapolate must be true or false");
        }
        Map<Target, OlsModel> models = new EnumMap<>(Target.class);
        int i = 2;
        while (i < lines.length && !lines[i].isBlank()) {
            Target target;
            try {
                target = Target.parse(fields(lines, i, "model", 2)[1]);
            } catch (IllegalArgumentException e) {
                throw corrupt(i + 1, e.getMessage());
            }
            String[] termFields = fields(lines, i + 1, "terms", -1);
            List<Term> terms = new ArrayList<>();
            for (int k = 1; k < termFields.length; k++) {
                terms.add(new Term(List.of(termFields[k].split(":"))));
            }
            String[] coefFields = fields(lines, i + 2, "coef", terms.size() + 2);
            double[] coef = new double[terms.size() + 1];
            for (int k = 0; k < coef.length; k++) {
                coef[k] = number(coefFields[k + 1], i + 3);
            }
            Map<String, double[]> ranges = new LinkedHashMap<>();
            Map<String, Double> constant = new LinkedHashMap<>();
            int j = i + 3;
            for (; j < lines.length && !lines[j].trim().equals("end"); j++) {
                String[] f = lines[j].trim().split(" ");
                if (f[0].equals("range") && f.length == 4) {
                    ranges.put(f[1], new double[] {number(f[2], j + 1), number(f[3], j + 1)});
                } else if (f[0].equals("constant") && f.length == 3) {
                    constant.put(f[1], number(f[2], j + 1));
                } else {
                    throw corrupt(j + 1, "expected 'range f min max', 'constant f value' or 'end'");
                }
            }
            if (j >= lines.length) {
                throw corrupt(j, "model " + target.label() + " has no 'end'");
            }
            try {
                models.put(target, new OlsModel(terms, coef, ranges, constant));
            } catch (IllegalArgumentException e) {
                throw corrupt(i + 1, e.getMessage());
            }
            i = j + 1;
        }
        if (models.isEmpty()) {
            throw new IOException("corrupt " + CourierOlsEstimator.NAME + " payload: no model");
        }
        return new CourierOlsPredictor(models, Boolean.parseBoolean(ex[1]), provenance);
    }

    private static String[] fields(String[] lines, int index, String keyword, int expected) throws IOException {
        if (index >= lines.length) {
            throw corrupt(index + 1, "missing '" + keyword + "' line");
        }
        String[] f = lines[index].trim().split(" ");
        if (!f[0].equals(keyword) || (expected > 0 && f.length != expected)) {
            throw corrupt(index + 1, "expected '" + keyword + "'" + (expected > 0 ? " with " + (expected - 1)
                    + " values" : "") + ", found '" + lines[index].trim() + "'");
        }
        return Arrays.copyOf(f, f.length);
    }

    private static double number(String text, int line) throws IOException {
        try {
            double d = Double.parseDouble(text);
            if (Double.isNaN(d)) {
                throw corrupt(line, "NaN value");
            }
            return d;
        } catch (NumberFormatException e) {
            throw corrupt(line, "'" + text + "' is not a number");
        }
    }

    private static IOException corrupt(int line, String what) {
        return new IOException("corrupt " + CourierOlsEstimator.NAME + " payload: line " + line + ": " + what);
    }
}
