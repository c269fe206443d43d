package io.stepcast.analytic.allreduce;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.models.compute.OneNodeSlope;
import io.stepcast.models.compute.ParameterPasses;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * The computation time of one replica, {@code t = a + b m} in the local batch m, affine: a part per step that does
 * not grow with the batch (kernel launches, the optimizer's pass over the parameters) and a part per sample. From
 * the rows that show it, in this order:
 * <ol>
 *   <li>single-GPU rows at two batches or more: least squares (the step is all computation);</li>
 *   <li>single-GPU rows at one batch, with rows of one node at two batches and the same number of GPUs: the
 *       slope {@code b} from how those steps grow with the batch ({@link OneNodeSlope}), the line through the
 *       single-GPU step;</li>
 *   <li>single-GPU rows at one batch only: the line through that step with the fixed part the model's steps on
 *       other machines show ({@link io.stepcast.models.compute.FixedPartTransfer}, when shorter than the step), else
 *       the one the caller knows from the device ({@link io.stepcast.models.compute.ParameterPasses}, at most half
 *       the step), proportional (no fixed part) only where nothing gives one.</li>
 * </ol>
 * Without any single-GPU row, the same ways run through the computation times that rows of one node show once their
 * all-reduce is taken off ({@link OneNodeCompute}).
 * Both coefficients are kept non-negative: a negative intercept is refitted as a line through the origin, a
 * negative or zero slope falls back to the next way. Also how {@code overhead-transfer} carries another machine's
 * single-GPU time to the batch asked about.
 */
public final class ComputeLine {
    private ComputeLine() {
    }

    /**
     * {@code {a, b}} from the rows, or empty when there is no single-GPU row with a step time.
     *
     * @param carriedS the fixed part measured on other machines, carried to this one
     * @param passesS  the fixed part of the device's parameter passes
     */
    static Optional<double[]> fit(List<Observation> rows, OptionalDouble carriedS, OptionalDouble passesS) {
        List<double[]> single = new ArrayList<>();
        for (Observation o : rows) {
            if (o.config().workers() == 1 && o.value(Target.STEP_TIME).isPresent()) {
                single.add(new double[] {o.config().localBatch(), o.value(Target.STEP_TIME).getAsDouble()});
            }
        }
        return single.isEmpty() ? Optional.empty()
                : Optional.of(line(single, OneNodeSlope.of(rows), carriedS, passesS));
    }

    /**
     * {@code {a, b}} through computation times known otherwise than from single-GPU rows ({@link OneNodeCompute}),
     * or through a machine's mean single-GPU step per batch ({@code overhead-transfer}), each
     * {@code {local batch, seconds}}, in the same order of ways; empty when there are none.
     */
    public static Optional<double[]> through(List<double[]> points, OptionalDouble carriedS, OptionalDouble passesS) {
        return points.isEmpty() ? Optional.empty()
                : Optional.of(line(points, OptionalDouble.empty(), carriedS, passesS));
    }

    private static double[] line(List<double[]> points, OptionalDouble slope, OptionalDouble carriedS,
                                 OptionalDouble passesS) {
        Map<Integer, double[]> single = meanStepByBatch(points);
        if (single.size() >= 2) {
            return leastSquares(points);
        }
        Map.Entry<Integer, double[]> only = single.entrySet().iterator().next();
        double b0 = only.getKey();
        double t0 = only.getValue()[0] / only.getValue()[1];
        if (slope.isPresent() && slope.getAsDouble() > 0 && t0 - slope.getAsDouble() * b0 >= 0) {
            return new double[] {t0 - slope.getAsDouble() * b0, slope.getAsDouble()};
        }
        if (carriedS.isPresent() && carriedS.getAsDouble() < t0) {
            return new double[] {carriedS.getAsDouble(), (t0 - carriedS.getAsDouble()) / b0};
        }
        double a = passesS.isPresent() ? ParameterPasses.capped(passesS.getAsDouble(), t0) : 0;
        return new double[] {a, (t0 - a) / b0};
    }

    /** Least squares over the points themselves (each row one point). */
    private static double[] leastSquares(List<double[]> points) {
        double n = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (double[] p : points) {
            double x = p[0];
            double y = p[1];
            n++;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        double var = sxx - sx * sx / n;
        if (var > 1e-9 * sxx) {
            double b = (sxy - sx * sy / n) / var;
            double a = (sy - b * sx) / n;
            if (a >= 0 && b >= 0) {
                return new double[] {a, b};
            }
            if (b < 0) {
                return new double[] {sy / n, 0};
            }
        }
        return new double[] {0, sxy / sxx};
    }

    /** Per local batch, {sum of step times, count} of the points. */
    private static Map<Integer, double[]> meanStepByBatch(List<double[]> points) {
        Map<Integer, double[]> byBatch = new TreeMap<>();
        for (double[] p : points) {
            double[] v = byBatch.computeIfAbsent((int) p[0], k -> new double[2]);
            v[0] += p[1];
            v[1]++;
        }
        return byBatch;
    }
}
