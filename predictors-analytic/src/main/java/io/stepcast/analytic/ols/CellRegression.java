package io.stepcast.analytic.ols;

import io.stepcast.analytic.formula.Formula;
import io.stepcast.analytic.formula.Term;

import java.util.ArrayList;
import java.util.List;

/**
 * Ordinary least squares on aggregated cells (Jain, "The Art of Computer Systems Performance Analysis",
 * 1991, chapters 18-22: factorial designs with replication). Fitting the cell means weighted by the run
 * counts gives exactly the coefficients of the fit on the raw runs, because the raw residual of a run
 * splits into its deviation from the cell mean and the cell mean's deviation from the fit; the first part
 * is orthogonal to every column that is constant within a cell. Hence the residual sum of squares of the
 * raw data is {@code sum runs (mean - fit)^2 + sum (runs - 1) sd^2}, and every statistic of the raw fit
 * (standard errors, R^2, F) follows from the cells alone. This holds for any design whose factors are
 * constant within a cell, balanced or not.
 */
public final class CellRegression {
    private CellRegression() {
    }

    /**
     * Fits {@code formula} to the cells.
     *
     * @throws IllegalArgumentException when a factor is missing, there are fewer runs than coefficients
     *                                  plus one, or a term is collinear with others
     */
    public static OlsFit fit(Formula formula, Cells cells) {
        List<Term> terms = formula.terms();
        int p = terms.size() + 1;
        double n = cells.totalRuns();
        if (n - p < 1) {
            throw new IllegalArgumentException(formula + ": " + (long) n + " runs cannot estimate " + p
                    + " coefficients and an error variance");
        }
        double[][] x = DesignMatrix.build(terms, cells.factors(), cells.size());
        List<String> names = DesignMatrix.columnNames(terms);
        WeightedLeastSquares.Solution s = WeightedLeastSquares.solve(x, cells.mean(), cells.runs(), names);
        double rss = residualSumOfSquares(x, s.coefficients(), cells);
        double tss = totalSumOfSquares(cells);
        double dfResid = n - p;
        double sigma2 = rss / dfResid;
        List<Coefficient> coefs = new ArrayList<>();
        for (int j = 0; j < p; j++) {
            double se = Math.sqrt(sigma2 * s.unscaledCovariance()[j][j]);
            double t = s.coefficients()[j] / se;
            coefs.add(new Coefficient(names.get(j), s.coefficients()[j], se, t, Distributions.tTwoSided(t, dfResid)));
        }
        double r2 = 1 - rss / tss;
        double adj = 1 - (1 - r2) * (n - 1) / dfResid;
        double f = p > 1 ? ((tss - rss) / (p - 1)) / sigma2 : Double.NaN;
        double fp = p > 1 ? Distributions.fUpperTail(f, p - 1, dfResid) : Double.NaN;
        return new OlsFit(formula, coefs, n, rss, tss, dfResid, r2, adj, f, fp, s.unscaledCovariance());
    }

    /**
     * Residual sum of squares of the raw runs for a model of the given terms, without the statistics:
     * what the Type-II comparisons of nested models need.
     */
    public static double residualSumOfSquares(List<Term> terms, Cells cells) {
        double[][] x = DesignMatrix.build(terms, cells.factors(), cells.size());
        WeightedLeastSquares.Solution s = WeightedLeastSquares.solve(x, cells.mean(), cells.runs(),
                DesignMatrix.columnNames(terms));
        return residualSumOfSquares(x, s.coefficients(), cells);
    }

    private static double residualSumOfSquares(double[][] x, double[] b, Cells cells) {
        double rss = cells.withinSumOfSquares();
        double[] mean = cells.mean();
        double[] runs = cells.runs();
        for (int i = 0; i < x.length; i++) {
            double fit = 0;
            for (int j = 0; j < b.length; j++) {
                fit += x[i][j] * b[j];
            }
            double e = mean[i] - fit;
            rss += runs[i] * e * e;
        }
        return rss;
    }

    private static double totalSumOfSquares(Cells cells) {
        double[] mean = cells.mean();
        double[] runs = cells.runs();
        double n = cells.totalRuns();
        double grand = 0;
        for (int i = 0; i < mean.length; i++) {
            grand += runs[i] * mean[i];
        }
        grand /= n;
        double tss = cells.withinSumOfSquares();
        for (int i = 0; i < mean.length; i++) {
            tss += runs[i] * (mean[i] - grand) * (mean[i] - grand);
        }
        return tss;
    }
}
