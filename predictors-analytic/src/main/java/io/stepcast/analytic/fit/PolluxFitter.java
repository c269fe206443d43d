package io.stepcast.analytic.fit;

import io.stepcast.analytic.estimators.PolluxForm;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresBuilder;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresOptimizer;
import org.apache.commons.math3.fitting.leastsquares.LeastSquaresProblem;
import org.apache.commons.math3.fitting.leastsquares.LevenbergMarquardtOptimizer;
import org.apache.commons.math3.linear.ArrayRealVector;
import org.apache.commons.math3.linear.RealVector;

import java.util.List;
import java.util.Optional;
import java.util.stream.IntStream;

/**
 * Fits {@link PolluxForm} by least squares on the log of the step time, as Pollux does (OSDI 2021, section
 * 4.1: relative errors matter, and step times span three orders of magnitude), with Levenberg-Marquardt
 * (Moré, "The Levenberg-Marquardt algorithm: implementation and theory", 1978; Commons Math's
 * {@link LevenbergMarquardtOptimizer}) from several starts, keeping the best.
 *
 * <p>Bounds by reparameterisation: the six time coefficients are {@code exp(u)} (positive), the overlap
 * exponent is {@code g = 1 + 9 / (1 + exp(-u))} (in [1, 10]). Coefficients the data cannot identify are
 * held fixed: the within-node pair without multi-replica single-node rows, the across-node pair without
 * multi-node rows, each slope without rows of more than two replicas, and g without any multi-replica row.
 * Starts: compute from a linear fit of the single-replica rows, synchronisation intercepts from the median
 * excess time of the multi-replica rows, slopes a fraction of them, and a grid of g.
 */
public final class PolluxFitter {
    private static final double[] START_G = {1.5, 4, 1.1, 8, 2.5};
    private static final double[] START_SLOPE = {0.05, 0.005, 0.3};
    private static final double U_MIN = -30;
    private static final double U_MAX = 5;
    private static final double G_U_BOUND = 12;

    private final int starts;

    /** @param starts number of starting points, at least 1 */
    public PolluxFitter(int starts) {
        if (starts < 1) {
            throw new IllegalArgumentException("starts must be at least 1, was " + starts);
        }
        this.starts = starts;
    }

    /**
     * One measured step.
     *
     * @param nodes        nodes the replicas are spread over
     * @param replicas     data-parallel replicas
     * @param localBatch   per-replica batch
     * @param stepTimeS    measured seconds per step, positive
     * @param computeScale factor of the compute coefficients for this row's job in a fit pooled over jobs
     *                     (1 in a model's own fit)
     * @param syncScale    factor of the synchronisation coefficients for this row's model (1 in a model's own fit)
     */
    public record Point(int nodes, int replicas, double localBatch, double stepTimeS, double computeScale,
                        double syncScale) {
        /** A row of a model's own fit (both scales 1). */
        public Point(int nodes, int replicas, double localBatch, double stepTimeS) {
            this(nodes, replicas, localBatch, stepTimeS, 1, 1);
        }

        /** The coefficients of this row's model: the compute pair and the four sync ones scaled, g as it is. */
        double[] scaled(double[] c) {
            if (computeScale == 1 && syncScale == 1) {
                return c;
            }
            return scale(c, computeScale, syncScale);
        }
    }

    /** {@code c} with the compute pair times {@code compute} and the synchronisation four times {@code sync}. */
    public static double[] scale(double[] c, double compute, double sync) {
        double[] out = c.clone();
        out[0] *= compute;
        out[1] *= compute;
        for (int i = 2; i < 6; i++) {
            out[i] *= sync;
        }
        return out;
    }

    /**
     * The fit.
     *
     * @param coefficients {@code [a_c, b_c, a_r, b_r, a_n, b_n, g]}
     * @param withinNode   true when the within-node coefficients were fitted
     * @param acrossNodes  true when the across-node coefficients were fitted
     * @param rmsLogError  root mean square of the log residuals
     */
    public record Result(double[] coefficients, boolean withinNode, boolean acrossNodes, double rmsLogError) {
    }

    /** Fits the points; empty when every start failed to converge. */
    public Optional<Result> fit(List<Point> points) {
        boolean within = points.stream().anyMatch(p -> p.replicas() > 1 && p.nodes() == 1);
        boolean across = points.stream().anyMatch(p -> p.replicas() > 1 && p.nodes() > 1);
        boolean withinSlope = points.stream().anyMatch(p -> p.replicas() > 2 && p.nodes() == 1);
        boolean acrossSlope = points.stream().anyMatch(p -> p.replicas() > 2 && p.nodes() > 1);
        boolean[] free = {true, true, within, within && withinSlope, across, across && acrossSlope, within || across};

        double[] comp = computeStart(points);
        double ar = medianExcess(points, comp, false);
        double an = medianExcess(points, comp, true);
        Result best = null;
        int made = 0;
        outer:
        for (double slope : START_SLOPE) {
            for (double g : START_G) {
                if (made++ >= starts) {
                    break outer;
                }
                double[] c0 = {comp[0], comp[1], ar, ar * slope, an, an * slope, g};
                Optional<Result> r = fitFrom(points, c0, free, within, across);
                if (r.isPresent() && (best == null || r.get().rmsLogError() < best.rmsLogError())) {
                    best = r.get();
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private Optional<Result> fitFrom(List<Point> points, double[] c0, boolean[] free, boolean within, boolean across) {
        double[] fixed = c0.clone();
        if (!within) {
            fixed[2] = 0;
            fixed[3] = 0;
        }
        if (!across) {
            fixed[4] = 0;
            fixed[5] = 0;
        }
        if (!free[3]) {
            fixed[3] = 0;
        }
        if (!free[5]) {
            fixed[5] = 0;
        }
        if (!free[6]) {
            fixed[6] = 1;
        }
        int[] index = freeIndices(free);
        double[] u0 = new double[index.length];
        for (int k = 0; k < index.length; k++) {
            u0[k] = toU(index[k], c0[index[k]]);
        }
        double[] target = points.stream().mapToDouble(p -> Math.log(p.stepTimeS())).toArray();
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(u0)
                .target(target)
                .model(u -> CentralDifferences.valueAndJacobian(u, x -> predict(toCoefficients(x, index, fixed), points)))
                .parameterValidator(this::clamp)
                .maxEvaluations(4000)
                .maxIterations(1000)
                .build();
        try {
            LeastSquaresOptimizer.Optimum opt = new LevenbergMarquardtOptimizer().optimize(problem);
            double[] c = toCoefficients(opt.getPoint().toArray(), index, fixed);
            double rms = opt.getRMS();
            if (!Double.isFinite(rms)) {
                return Optional.empty();
            }
            return Optional.of(new Result(c, within, across, rms));
        } catch (RuntimeException e) {
            // A start that diverges or exhausts its evaluations is simply not a candidate.
            return Optional.empty();
        }
    }

    private RealVector clamp(RealVector u) {
        double[] v = u.toArray();
        for (int k = 0; k < v.length; k++) {
            v[k] = Double.isNaN(v[k]) ? 0 : Math.max(U_MIN, Math.min(U_MAX, v[k]));
        }
        return new ArrayRealVector(v, false);
    }

    private static int[] freeIndices(boolean[] free) {
        return IntStream.range(0, free.length).filter(i -> free[i]).toArray();
    }

    private static double toU(int i, double c) {
        if (i == 6) {
            double s = Math.min(Math.max((c - 1) / 9, 1e-4), 1 - 1e-4);
            return Math.log(s / (1 - s));
        }
        return Math.log(Math.max(c, 1e-12));
    }

    private static double[] toCoefficients(double[] u, int[] index, double[] fixed) {
        double[] c = fixed.clone();
        for (int k = 0; k < index.length; k++) {
            int i = index[k];
            if (i == 6) {
                double bounded = Math.max(-G_U_BOUND, Math.min(G_U_BOUND, u[k]));
                c[i] = 1 + 9 / (1 + Math.exp(-bounded));
            } else {
                c[i] = Math.exp(u[k]);
            }
        }
        return c;
    }


    private static double[] predict(double[] c, List<Point> points) {
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            Point p = points.get(i);
            out[i] = PolluxForm.logStepTime(p.scaled(c), p.nodes(), p.replicas(), p.localBatch());
        }
        return out;
    }

    /**
     * {@code [a_c, b_c]} from a least-squares line through the single-replica rows (all rows if none), each row's
     * time over its compute scale.
     */
    private static double[] computeStart(List<Point> points) {
        List<Point> single = points.stream().filter(p -> p.replicas() == 1).toList();
        List<Point> use = single.size() >= 2 ? single : points;
        double mx = 0;
        double my = 0;
        for (Point p : use) {
            mx += p.localBatch();
            my += p.stepTimeS() / p.computeScale();
        }
        mx /= use.size();
        my /= use.size();
        double sxy = 0;
        double sxx = 0;
        for (Point p : use) {
            sxy += (p.localBatch() - mx) * (p.stepTimeS() / p.computeScale() - my);
            sxx += (p.localBatch() - mx) * (p.localBatch() - mx);
        }
        double b = sxx > 0 ? sxy / sxx : 0;
        double minT = use.stream().mapToDouble(p -> p.stepTimeS() / p.computeScale()).min().orElse(my);
        b = Math.max(b, 1e-3 * my / Math.max(mx, 1));
        double a = Math.max(my - b * mx, 0.1 * minT);
        return new double[] {a, b};
    }

    private static double medianExcess(List<Point> points, double[] comp, boolean acrossNodes) {
        double[] excess = points.stream()
                .filter(p -> p.replicas() > 1 && (p.nodes() > 1) == acrossNodes)
                .mapToDouble(p -> Math.max(p.stepTimeS() - p.computeScale() * (comp[0] + comp[1] * p.localBatch()),
                        0.05 * p.stepTimeS()) / p.syncScale())
                .sorted().toArray();
        if (excess.length == 0) {
            return 1e-3;
        }
        return excess[excess.length / 2];
    }

    /** The start grid size, for documentation and tests. */
    public static int maxStarts() {
        return START_G.length * START_SLOPE.length;
    }
}
