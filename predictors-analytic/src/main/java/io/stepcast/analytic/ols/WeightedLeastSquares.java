package io.stepcast.analytic.ols;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.DecompositionSolver;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.RealMatrix;

import java.util.List;

/**
 * Weighted linear least squares by Householder QR of {@code sqrt(W) X} (Golub and Van Loan, Matrix
 * Computations, section 5.3): minimises {@code sum w_i (y_i - x_i b)^2} without forming {@code X'WX},
 * which keeps the interaction columns of a factorial design (products up to 10^4) well conditioned.
 */
public final class WeightedLeastSquares {
    /** Relative threshold below which a diagonal element of R counts as zero (rank deficiency). */
    private static final double RANK_THRESHOLD = 1e-10;

    private WeightedLeastSquares() {
    }

    /**
     * The solution and {@code (X'WX)^-1}.
     *
     * @param coefficients       b
     * @param unscaledCovariance {@code (X'WX)^-1}; times sigma^2 it is the covariance of b
     */
    public record Solution(double[] coefficients, double[][] unscaledCovariance) {
    }

    /**
     * Solves the weighted problem.
     *
     * @throws IllegalArgumentException when X does not have full column rank (a term is constant or a
     *                                  combination of others), naming the first dependent column
     */
    public static Solution solve(double[][] x, double[] y, double[] w, List<String> columnNames) {
        int n = x.length;
        int p = x[0].length;
        if (n < p) {
            throw new IllegalArgumentException(n + " rows cannot determine " + p + " coefficients");
        }
        double[][] a = new double[n][p];
        double[] b = new double[n];
        for (int i = 0; i < n; i++) {
            double s = Math.sqrt(w[i]);
            for (int j = 0; j < p; j++) {
                a[i][j] = s * x[i][j];
            }
            b[i] = s * y[i];
        }
        RealMatrix am = new Array2DRowRealMatrix(a, false);
        QRDecomposition qr = new QRDecomposition(am, 0);
        RealMatrix r = qr.getR();
        double maxDiag = 0;
        for (int j = 0; j < p; j++) {
            maxDiag = Math.max(maxDiag, Math.abs(r.getEntry(j, j)));
        }
        for (int j = 0; j < p; j++) {
            // Columns are not scaled, so compare each against its own norm.
            double norm = am.getColumnVector(j).getNorm();
            if (norm == 0 || Math.abs(r.getEntry(j, j)) <= RANK_THRESHOLD * norm) {
                throw new IllegalArgumentException("term '" + columnNames.get(j)
                        + "' is constant or a linear combination of earlier terms in these data");
            }
        }
        DecompositionSolver solver = qr.getSolver();
        double[] coef = solver.solve(new ArrayRealVector(b, false)).toArray();
        RealMatrix rInv = new QRDecomposition(r.getSubMatrix(0, p - 1, 0, p - 1), 0).getSolver().getInverse();
        double[][] cov = rInv.multiply(rInv.transpose()).getData();
        return new Solution(coef, cov);
    }
}
