package io.stepcast.analytic.megatron;

import io.stepcast.models.compute.MeasurementNoise;
import org.apache.commons.math3.linear.Array2DRowRealMatrix;
import org.apache.commons.math3.linear.RealMatrix;
import org.apache.commons.math3.linear.SingularValueDecomposition;

import java.util.Arrays;
import java.util.List;
import java.util.stream.IntStream;

/**
 * Which of the eight {@link Efficiency} constants a set of rows determines, by the rows' sensitivity to each at the
 * start constants: the Jacobian J of the rows' log seconds with respect to each constant's log (for the overlap
 * exponent k, the log of k - 1, as the fit searches it; an efficiency by its log, not its logit, so that one at its
 * bound of 1 is not taken as flat), scaled by 1 / sqrt(rows) so that a singular value s of J is the root mean square
 * change of the rows' log seconds per unit move (a factor e) along its direction. The constants are held one at a time
 * while the smallest singular value of the free columns is below {@link #floor(int)}, where the rows' measurement noise
 * would leave the weakest direction undetermined: the one held is the free constant with the largest share of that
 * weakest direction (the last right singular vector), which is a constant no row moves
 * when its column is zero, and otherwise the one of a nearly dependent group that moves the rows least (subset
 * selection by the SVD: G. H. Golub and C. F. Van Loan, "Matrix Computations", 4th ed., section 5.5.6, after Golub,
 * Klema and Stewart, "Rank degeneracy and least squares problems", Stanford STAN-CS-76-559, 1976). A constant the
 * start puts at about nothing (vTrain's per-iteration host time) has a column of about zero and stays there: its
 * elasticity is its share of the rows' time. Deterministic.
 */
final class Identifiable {
    /**
     * The least smallest singular value at which {@code rows} rows determine the free constants' logs: that at which
     * the 95% confidence interval along the weakest direction, {@code sqrt(chi2(1, 0.95)) sigma / (sqrt(rows) s)} for
     * rows whose log seconds each have spread {@code sigma} (least squares linearised at the start), is a unit (a
     * factor e) wide on either side. {@code sigma} is {@link MeasurementNoise}'s 1.6%, from two published
     * measurements of the same configurations (NVIDIA's BERT DGX-1 tables), the rule the link fits keep to: not tuned
     * on any row fitted or scored here. Eight rows need about 0.011, a constant multiplied by e moving them by 1.1%
     * in root mean square; 1,440 about 0.0008.
     */
    static double floor(int rows) {
        return Math.sqrt(MeasurementNoise.logTolerance() / rows);
    }

    /** Relative step of the central differences of the log seconds. */
    private static final double STEP = 1e-3;

    private Identifiable() {
    }

    /**
     * Which constants (in {@link Efficiency#toArray()}'s order) the rows determine at {@code start}: true for the
     * fitted, false for the held.
     */
    static boolean[] free(List<EfficiencyFit.Row> rows, boolean overlapData, Efficiency start) {
        double[][] j = jacobian(rows, overlapData, start);
        boolean[] free = new boolean[j[0].length];
        Arrays.fill(free, true);
        while (true) {
            int[] cols = indices(free);
            if (cols.length == 0) {
                return free;
            }
            SingularValueDecomposition svd = svd(j, cols);
            double[] s = svd.getSingularValues();
            if (s[s.length - 1] >= floor(rows.size())) {
                return free;
            }
            RealMatrix v = svd.getV();
            int worst = 0;
            for (int c = 1; c < cols.length; c++) {
                if (Math.abs(v.getEntry(c, cols.length - 1)) > Math.abs(v.getEntry(worst, cols.length - 1))) {
                    worst = c;
                }
            }
            free[cols[worst]] = false;
        }
    }

    /** The smallest singular value of the scaled Jacobian's columns {@code free}; 0 when no row or column. */
    static double weakest(List<EfficiencyFit.Row> rows, boolean overlapData, Efficiency start, boolean[] free) {
        double[][] j = jacobian(rows, overlapData, start);
        int[] cols = indices(free);
        if (cols.length == 0) {
            return 0;
        }
        double[] s = svd(j, cols).getSingularValues();
        return s[s.length - 1];
    }

    /**
     * The SVD of the columns {@code cols} of {@code j}, padded with rows of zeros to at least as many rows as columns,
     * so that fewer rows than constants show their null space.
     */
    private static SingularValueDecomposition svd(double[][] j, int[] cols) {
        double[][] sub = new double[Math.max(j.length, cols.length)][cols.length];
        for (int r = 0; r < j.length; r++) {
            for (int c = 0; c < cols.length; c++) {
                sub[r][c] = j[r][cols[c]];
            }
        }
        return new SingularValueDecomposition(new Array2DRowRealMatrix(sub, false));
    }

    /** The rows' log seconds differentiated by each constant's log (k - 1 for the overlap), over sqrt(rows). */
    static double[][] jacobian(List<EfficiencyFit.Row> rows, boolean overlapData, Efficiency start) {
        double[] base = start.toArray();
        double[][] j = new double[rows.size()][base.length];
        double scale = 1 / Math.sqrt(rows.size());
        for (int c = 0; c < base.length; c++) {
            Efficiency up = Efficiency.fromArray(moved(base, c, STEP));
            Efficiency down = Efficiency.fromArray(moved(base, c, -STEP));
            double width = logOf(c, up) - logOf(c, down);
            for (int r = 0; r < rows.size(); r++) {
                IterationModel t = rows.get(r).terms();
                double d = Math.log(t.seconds(up, overlapData)) - Math.log(t.seconds(down, overlapData));
                // A constant at 0 has no log to move: no row reveals it there.
                j[r][c] = width > 0 ? scale * d / width : 0;
            }
        }
        return j;
    }

    private static int[] indices(boolean[] free) {
        return IntStream.range(0, free.length).filter(i -> free[i]).toArray();
    }

    /** The constants with constant {@code c}'s log (k - 1's for the overlap) moved by {@code step}. */
    private static double[] moved(double[] base, int c, double step) {
        double[] v = base.clone();
        if (c == OVERLAP) {
            v[c] = 1 + (base[c] - 1) * Math.exp(step);
        } else if (c <= TENSOR_LINK) {
            // An efficiency at its bound of 1 steps down only: the difference is then one-sided.
            v[c] = Math.min(1, base[c] * Math.exp(step));
        } else {
            v[c] = base[c] * Math.exp(step);
        }
        return v;
    }

    /** The log coordinate of constant {@code c} in {@code e}. */
    private static double logOf(int c, Efficiency e) {
        double v = e.toArray()[c];
        return c == OVERLAP ? Math.log(v - 1) : Math.log(v);
    }

    private static final int TENSOR_LINK = 2;
    private static final int OVERLAP = 5;
}
