package io.stepcast.analytic.ols;

/**
 * One row of an analysis-of-variance table.
 *
 * @param term      the term name, or {@code Residual}
 * @param sumOfSquares its sum of squares
 * @param df        its degrees of freedom
 * @param f         the F statistic (NaN for the residual row)
 * @param p         upper-tail p value of F (NaN for the residual row)
 */
public record AnovaRow(String term, double sumOfSquares, double df, double f, double p) {

    /** The fraction of the total sum of squares this row explains (Courier's "batch explains 57%"). */
    public double share(double totalSumOfSquares) {
        return sumOfSquares / totalSumOfSquares;
    }
}
