package io.stepcast.analytic.allreduce;

import io.stepcast.analytic.fit.CentralDifferences;
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
 * Fits {@link TopoPolluxForm} on the log of the step time (as Pollux does, OSDI 2021 section 4.1) by
 * Levenberg-Marquardt (Commons Math) from a few starts. Non-negativity by {@code c = exp(u)}, the overlap
 * exponent by {@code g = 1 + 9 / (1 + exp(-u))}. A coefficient the rows cannot identify is held: the
 * intra-node pair without single-node multi-GPU rows (the latency one without two GPU counts), the
 * inter-node coefficients without multi-node rows (then taken from the catalog or left out), the ring
 * bandwidth term without two node counts, the latency term without two replica counts.
 */
final class TopoPolluxFitter {
    private static final double[] START_G = {1.5, 4, 1.1};
    private static final double[] START_SHARE = {0.05, 0.005};
    private static final double U_MIN = -30;
    private static final double U_MAX = 5;

    /**
     * One measured step: nodes, replicas, GPUs on the fullest node, local batch, seconds, and the factors of the
     * compute and synchronisation coefficients for the row's job in a fit pooled over jobs (1 and 1 in a
     * model's own fit).
     */
    record Point(int nodes, int replicas, int perNode, double batch, double seconds, double computeScale,
                 double syncScale) {
        Point(int nodes, int replicas, int perNode, double batch, double seconds) {
            this(nodes, replicas, perNode, batch, seconds, 1, 1);
        }

        double[] scaled(double[] c) {
            return computeScale == 1 && syncScale == 1 ? c : scale(c, computeScale, syncScale);
        }
    }

    /** {@code c} with the compute pair times {@code compute} and the five synchronisation terms times {@code sync}. */
    static double[] scale(double[] c, double compute, double sync) {
        double[] out = c.clone();
        out[0] *= compute;
        out[1] *= compute;
        for (int i = 2; i < 7; i++) {
            out[i] *= sync;
        }
        return out;
    }

    /** The coefficients and the root mean square log error. */
    record Result(double[] coefficients, double rms) {
    }

    private TopoPolluxFitter() {
    }

    /**
     * @param catalog {@code {alpha_n, beta_n}} for the inter-node term when the rows have no multi-node one,
     *                or empty
     * @param shared  the NIC-sharing flag of the form
     */
    static Optional<Result> fit(List<Point> points, Optional<double[]> catalog, boolean shared) {
        boolean within = points.stream().anyMatch(p -> p.replicas() > 1 && p.nodes() == 1);
        boolean withinLatency = points.stream().filter(p -> p.replicas() > 1 && p.nodes() == 1)
                .mapToInt(Point::perNode).distinct().count() >= 2;
        List<Point> multi = points.stream().filter(p -> p.nodes() > 1).toList();
        boolean across = !multi.isEmpty();
        boolean acrossLatency = multi.stream().mapToInt(Point::replicas).distinct().count() >= 2;
        boolean acrossRing = multi.stream().mapToInt(Point::nodes).distinct().count() >= 2;
        boolean fromCatalog = !across && catalog.isPresent();
        boolean[] free = {true, true, within, within && withinLatency, across, across && acrossLatency,
                across && acrossRing, within || across};

        double[] comp = computeStart(points);
        double excess = medianExcess(points, comp);
        Result best = null;
        for (double share : START_SHARE) {
            for (double g : START_G) {
                double[] c0 = new double[TopoPolluxForm.SIZE];
                c0[0] = comp[0];
                c0[1] = comp[1];
                c0[2] = within ? excess / 2 : 0;
                c0[3] = withinLatency ? excess * share : 0;
                c0[4] = across ? excess : 0;
                c0[5] = fromCatalog ? catalog.get()[0] : acrossLatency ? excess * share : 0;
                c0[6] = fromCatalog ? catalog.get()[1] : acrossRing ? excess * share : 0;
                c0[7] = free[7] ? g : 1;
                c0[TopoPolluxForm.FROM_CATALOG] = fromCatalog ? 1 : 0;
                c0[TopoPolluxForm.SHARED] = shared ? 1 : 0;
                Optional<Result> r = fitFrom(points, c0, free);
                if (r.isPresent() && (best == null || r.get().rms() < best.rms())) {
                    best = r.get();
                }
            }
        }
        return Optional.ofNullable(best);
    }

    private static Optional<Result> fitFrom(List<Point> points, double[] c0, boolean[] free) {
        int[] index = IntStream.range(0, free.length).filter(i -> free[i]).toArray();
        double[] u0 = new double[index.length];
        for (int k = 0; k < index.length; k++) {
            u0[k] = toU(index[k], c0[index[k]]);
        }
        double[] target = points.stream().mapToDouble(p -> Math.log(p.seconds())).toArray();
        LeastSquaresProblem problem = new LeastSquaresBuilder()
                .start(u0).target(target)
                .model(u -> CentralDifferences.valueAndJacobian(u, x -> predict(toC(x, index, c0), points)))
                .parameterValidator(TopoPolluxFitter::clamp)
                .maxEvaluations(4000).maxIterations(1000)
                .build();
        try {
            LeastSquaresOptimizer.Optimum opt = new LevenbergMarquardtOptimizer().optimize(problem);
            double rms = opt.getRMS();
            return Double.isFinite(rms) ? Optional.of(new Result(toC(opt.getPoint().toArray(), index, c0), rms))
                    : Optional.empty();
        } catch (RuntimeException e) {
            // A start that diverges or exhausts its evaluations is no candidate; the others may converge.
            return Optional.empty();
        }
    }

    private static RealVector clamp(RealVector u) {
        double[] v = u.toArray();
        for (int k = 0; k < v.length; k++) {
            v[k] = Double.isNaN(v[k]) ? 0 : Math.max(U_MIN, Math.min(U_MAX, v[k]));
        }
        return new ArrayRealVector(v, false);
    }

    private static double toU(int i, double c) {
        if (i == 7) {
            double s = Math.min(Math.max((c - 1) / 9, 1e-4), 1 - 1e-4);
            return Math.log(s / (1 - s));
        }
        return Math.log(Math.max(c, 1e-12));
    }

    private static double[] toC(double[] u, int[] index, double[] fixed) {
        double[] c = fixed.clone();
        for (int k = 0; k < index.length; k++) {
            c[index[k]] = index[k] == 7 ? 1 + 9 / (1 + Math.exp(-u[k])) : Math.exp(u[k]);
        }
        return c;
    }

    private static double[] predict(double[] c, List<Point> points) {
        double[] out = new double[points.size()];
        for (int i = 0; i < out.length; i++) {
            Point p = points.get(i);
            out[i] = TopoPolluxForm.logStepTime(p.scaled(c), p.nodes(), p.replicas(), p.perNode(), p.batch());
        }
        return out;
    }


    /** {@code [a_c, b_c]} from a line through the single-replica rows (all rows if fewer than two). */
    private static double[] computeStart(List<Point> points) {
        List<Point> single = points.stream().filter(p -> p.replicas() == 1).toList();
        List<Point> use = single.size() >= 2 ? single : points;
        double mx = use.stream().mapToDouble(Point::batch).average().orElse(1);
        double my = use.stream().mapToDouble(p -> p.seconds() / p.computeScale()).average().orElse(1);
        double sxy = 0;
        double sxx = 0;
        for (Point p : use) {
            sxy += (p.batch() - mx) * (p.seconds() / p.computeScale() - my);
            sxx += (p.batch() - mx) * (p.batch() - mx);
        }
        double b = Math.max(sxx > 0 ? sxy / sxx : 0, 1e-3 * my / Math.max(mx, 1));
        double minT = use.stream().mapToDouble(p -> p.seconds() / p.computeScale()).min().orElse(my);
        return new double[] {Math.max(my - b * mx, 0.1 * minT), b};
    }

    private static double medianExcess(List<Point> points, double[] comp) {
        double[] e = points.stream().filter(p -> p.replicas() > 1)
                .mapToDouble(p -> Math.max(p.seconds() - p.computeScale() * comp[0] - p.computeScale() * comp[1] * p.batch(),
                        0.05 * p.seconds()) / p.syncScale())
                .sorted().toArray();
        return e.length == 0 ? 1e-3 : e[e.length / 2];
    }
}
