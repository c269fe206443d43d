package io.stepcast.analytic.ols;

import io.stepcast.analytic.formula.Term;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The design matrix of a linear model with an intercept: a column of ones, then one column per term, the
 * element-wise product of the term's numeric factors.
 */
public final class DesignMatrix {
    private DesignMatrix() {
    }

    /** Column names: {@code Intercept}, then the term names. */
    public static List<String> columnNames(List<Term> terms) {
        List<String> out = new ArrayList<>();
        out.add("Intercept");
        terms.forEach(t -> out.add(t.name()));
        return out;
    }

    /**
     * Builds the rows x (1 + terms) matrix.
     *
     * @throws IllegalArgumentException when a factor is missing
     */
    public static double[][] build(List<Term> terms, Map<String, double[]> factors, int rows) {
        double[][] x = new double[rows][terms.size() + 1];
        for (int i = 0; i < rows; i++) {
            x[i][0] = 1;
        }
        for (int j = 0; j < terms.size(); j++) {
            for (int i = 0; i < rows; i++) {
                x[i][j + 1] = 1;
            }
            for (String f : terms.get(j).factors()) {
                double[] v = factors.get(f);
                if (v == null) {
                    throw new IllegalArgumentException("no factor '" + f + "' for term " + terms.get(j).name());
                }
                for (int i = 0; i < rows; i++) {
                    x[i][j + 1] *= v[i];
                }
            }
        }
        return x;
    }

    /** One row of the design for factor values given by name. */
    public static double[] row(List<Term> terms, Map<String, Double> values) {
        double[] r = new double[terms.size() + 1];
        r[0] = 1;
        for (int j = 0; j < terms.size(); j++) {
            double p = 1;
            for (String f : terms.get(j).factors()) {
                Double v = values.get(f);
                if (v == null) {
                    throw new IllegalArgumentException("no value for factor '" + f + "'");
                }
                p *= v;
            }
            r[j + 1] = p;
        }
        return r;
    }
}
