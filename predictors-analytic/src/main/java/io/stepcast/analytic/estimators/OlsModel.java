package io.stepcast.analytic.estimators;

import io.stepcast.analytic.formula.Term;
import io.stepcast.analytic.ols.DesignMatrix;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * One fitted regression of {@link CourierOlsEstimator}: the terms kept, their coefficients (intercept
 * first), the range of every factor in the training data, and the factors left out because they did not
 * vary there (with their single training value).
 *
 * @param terms        the terms, without the intercept
 * @param coefficients intercept, then one per term
 * @param ranges       factor to {@code [min, max]} over the training rows
 * @param constant     factors constant in the training data, with that value; the fit says nothing about them
 */
public record OlsModel(List<Term> terms, double[] coefficients, Map<String, double[]> ranges,
                       Map<String, Double> constant) {
    public OlsModel {
        terms = List.copyOf(terms);
        coefficients = coefficients.clone();
        if (coefficients.length != terms.size() + 1) {
            throw new IllegalArgumentException(terms.size() + " terms need " + (terms.size() + 1)
                    + " coefficients, got " + coefficients.length);
        }
        Map<String, double[]> r = new LinkedHashMap<>();
        ranges.forEach((k, v) -> r.put(k, v.clone()));
        ranges = Collections.unmodifiableMap(r);
        constant = Collections.unmodifiableMap(new LinkedHashMap<>(constant));
    }

    /** Intercept, then one per term (a copy: the model stays immutable). */
    @Override
    public double[] coefficients() {
        return coefficients.clone();
    }

    /** Factor to {@code [min, max]} (copies). */
    @Override
    public Map<String, double[]> ranges() {
        Map<String, double[]> r = new LinkedHashMap<>();
        ranges.forEach((k, v) -> r.put(k, v.clone()));
        return Collections.unmodifiableMap(r);
    }

    /** The fitted value at the given features. */
    public double predict(Map<String, Double> features) {
        double[] x = DesignMatrix.row(terms, features);
        double y = 0;
        for (int j = 0; j < x.length; j++) {
            y += x[j] * this.coefficients[j];
        }
        return y;
    }

    /** The first factor outside its training range, described, or null when all are inside. */
    public String outsideRange(Map<String, Double> features) {
        for (Map.Entry<String, double[]> e : this.ranges.entrySet()) {
            double v = features.get(e.getKey());
            double[] mm = e.getValue();
            if (v < mm[0] || v > mm[1]) {
                return e.getKey() + "=" + v + " is outside the fitted range [" + mm[0] + ", " + mm[1] + "]";
            }
        }
        return null;
    }
}
