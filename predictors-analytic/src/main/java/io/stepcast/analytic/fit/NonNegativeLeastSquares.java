package io.stepcast.analytic.fit;

import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.QRDecomposition;
import org.apache.commons.math3.linear.SingularMatrixException;

import java.util.ArrayList;
import java.util.List;

/**
 * Non-negative least squares, {@code min ||A x - b||} subject to {@code x >= 0}, by the active-set
 * method of Lawson and Hanson ("Solving Least Squares Problems", 1974, chapter 23, algorithm NNLS), the
 * method Ernest (Venkataraman et al., NSDI 2016) and Optimus (Peng et al., EuroSys 2018) fit with.
 * Columns are scaled to unit norm before solving, so coefficients of very different magnitudes (seconds
 * per sample against seconds per step) are treated alike; the scaling does not change the constraint.
 */
public final class NonNegativeLeastSquares {
    private NonNegativeLeastSquares() {
    }

    /**
     * Solves the problem.
     *
     * @param a rows x columns, at least one row
     * @param b right-hand side, one per row
     * @return x, non-negative, one per column
     */
    public static double[] solve(double[][] a, double[] b) {
        int m = a.length;
        int n = a[0].length;
        double[] scale = new double[n];
        double[][] as = new double[m][n];
        for (int j = 0; j < n; j++) {
            double s = 0;
            for (double[] row : a) {
                s += row[j] * row[j];
            }
            scale[j] = s > 0 ? Math.sqrt(s) : 1;
            for (int i = 0; i < m; i++) {
                as[i][j] = a[i][j] / scale[j];
            }
        }
        double[] x = solveScaled(as, b);
        for (int j = 0; j < n; j++) {
            x[j] /= scale[j];
        }
        return x;
    }

    private static double[] solveScaled(double[][] a, double[] b) {
        int n = a[0].length;
        double tol = 1e-12 * Math.max(1, norm(b));
        boolean[] passive = new boolean[n];
        // A column that is a combination of the passive ones (a constant local batch beside the intercept)
        // can never enter: it is excluded once its solve turns out singular.
        boolean[] excluded = new boolean[n];
        double[] x = new double[n];
        double[] w = gradient(a, b, x);
        int outer = 0;
        while (outer++ < 3 * n + 10) {
            int t = -1;
            double best = tol;
            for (int j = 0; j < n; j++) {
                if (!passive[j] && !excluded[j] && w[j] > best) {
                    best = w[j];
                    t = j;
                }
            }
            if (t < 0) {
                break;
            }
            passive[t] = true;
            double[] s;
            try {
                s = restrictedSolution(a, b, passive);
            } catch (SingularMatrixException e) {
                passive[t] = false;
                excluded[t] = true;
                continue;
            }
            int inner = 0;
            while (inner++ < 3 * n + 10 && anyNonPositive(s, passive)) {
                double alpha = Double.POSITIVE_INFINITY;
                for (int j = 0; j < n; j++) {
                    if (passive[j] && s[j] <= 0) {
                        alpha = Math.min(alpha, x[j] / (x[j] - s[j]));
                    }
                }
                for (int j = 0; j < n; j++) {
                    x[j] += alpha * (s[j] - x[j]);
                    if (passive[j] && x[j] <= 1e-15) {
                        passive[j] = false;
                        x[j] = 0;
                    }
                }
                s = restrictedSolution(a, b, passive);
            }
            x = s;
            w = gradient(a, b, x);
        }
        for (int j = 0; j < n; j++) {
            x[j] = Math.max(0, x[j]);
        }
        return x;
    }

    private static boolean anyNonPositive(double[] s, boolean[] passive) {
        for (int j = 0; j < s.length; j++) {
            if (passive[j] && s[j] <= 0) {
                return true;
            }
        }
        return false;
    }

    /** Unconstrained least squares on the passive columns, zero elsewhere. */
    private static double[] restrictedSolution(double[][] a, double[] b, boolean[] passive) {
        List<Integer> cols = new ArrayList<>();
        for (int j = 0; j < passive.length; j++) {
            if (passive[j]) {
                cols.add(j);
            }
        }
        double[] out = new double[passive.length];
        if (cols.isEmpty()) {
            return out;
        }
        double[][] sub = new double[a.length][cols.size()];
        for (int i = 0; i < a.length; i++) {
            for (int k = 0; k < cols.size(); k++) {
                sub[i][k] = a[i][cols.get(k)];
            }
        }
        double[] z = new QRDecomposition(new Array2DRowRealMatrix(sub, false), 1e-10).getSolver()
                .solve(new ArrayRealVector(b, false)).toArray();
        for (int k = 0; k < cols.size(); k++) {
            out[cols.get(k)] = z[k];
        }
        return out;
    }

    private static double[] gradient(double[][] a, double[] b, double[] x) {
        int n = x.length;
        double[] w = new double[n];
        for (int i = 0; i < a.length; i++) {
            double r = b[i];
            for (int j = 0; j < n; j++) {
                r -= a[i][j] * x[j];
            }
            for (int j = 0; j < n; j++) {
                w[j] += a[i][j] * r;
            }
        }
        return w;
    }

    private static double norm(double[] v) {
        double s = 0;
        for (double d : v) {
            s += d * d;
        }
        return Math.sqrt(s);
    }
}
