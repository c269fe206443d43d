package io.stepcast.analytic.ols;

import io.stepcast.analytic.formula.Formula;

import java.util.List;

/**
 * A fitted ordinary-least-squares model with the statistics a factorial analysis reports.
 *
 * @param formula           the fitted formula
 * @param coefficients      intercept first, then the terms in formula order
 * @param observations      N, the number of runs (the sum of the cells' run counts)
 * @param residualSumOfSquares  sum over cells of {@code runs (mean - fit)^2 + (runs - 1) sd^2}
 * @param totalSumOfSquares about the grand mean, within-cell variance included
 * @param residualDf        N - number of coefficients
 * @param rSquared          1 - residual SS / total SS
 * @param adjustedRSquared  1 - (1 - R^2)(N - 1) / (N - p)
 * @param fStatistic        ((total - residual SS) / (p - 1)) / (residual SS / (N - p))
 * @param fPValue           upper tail of F(p - 1, N - p)
 * @param unscaledCovariance {@code (X'WX)^-1}, for the standard errors and for predictions
 */
public record OlsFit(Formula formula, List<Coefficient> coefficients, double observations,
                     double residualSumOfSquares, double totalSumOfSquares, double residualDf, double rSquared,
                     double adjustedRSquared, double fStatistic, double fPValue, double[][] unscaledCovariance) {
    public OlsFit {
        coefficients = List.copyOf(coefficients);
        unscaledCovariance = copy(unscaledCovariance);
    }

    private static double[][] copy(double[][] m) {
        double[][] c = new double[m.length][];
        for (int i = 0; i < m.length; i++) {
            c[i] = m[i].clone();
        }
        return c;
    }

    /** {@code (X'WX)^-1} (a copy). */
    @Override
    public double[][] unscaledCovariance() {
        return copy(unscaledCovariance);
    }

    /** Degrees of freedom of the model: coefficients minus the intercept. */
    public int modelDf() {
        return coefficients.size() - 1;
    }

    /** Residual mean square, the estimate of the error variance sigma^2. */
    public double residualMeanSquare() {
        return residualSumOfSquares / residualDf;
    }

    /** The estimates, intercept first. */
    public double[] estimates() {
        return coefficients.stream().mapToDouble(Coefficient::estimate).toArray();
    }

    /** The coefficient named {@code name} ({@code Intercept}, {@code cpu:batch}). */
    public Coefficient coefficient(String name) {
        return coefficients.stream().filter(c -> c.name().equals(name)).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no coefficient '" + name + "'"));
    }
}
