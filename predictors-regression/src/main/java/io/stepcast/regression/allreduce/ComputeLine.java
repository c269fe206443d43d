package io.stepcast.regression.allreduce;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;

import java.util.List;
import java.util.Optional;

/**
 * The computation time of one replica, {@code t = a + b m} in the local batch m, by least squares on the
 * single-GPU rows (where the step is all computation). Both coefficients are kept non-negative: a negative
 * intercept is refitted as a line through the origin, and one distinct batch gives that line too.
 */
final class ComputeLine {
    private ComputeLine() {
    }

    /** {@code {a, b}} from the rows with one worker, or empty when there is none. */
    static Optional<double[]> fit(List<Observation> rows) {
        double n = 0;
        double sx = 0;
        double sy = 0;
        double sxx = 0;
        double sxy = 0;
        for (Observation o : rows) {
            if (o.config().workers() != 1 || o.value(Target.STEP_TIME).isEmpty()) {
                continue;
            }
            double x = o.config().localBatch();
            double y = o.value(Target.STEP_TIME).getAsDouble();
            n++;
            sx += x;
            sy += y;
            sxx += x * x;
            sxy += x * y;
        }
        if (n == 0) {
            return Optional.empty();
        }
        double var = sxx - sx * sx / n;
        if (var > 1e-9 * sxx) {
            double b = (sxy - sx * sy / n) / var;
            double a = (sy - b * sx) / n;
            if (a >= 0 && b >= 0) {
                return Optional.of(new double[] {a, b});
            }
            if (b < 0) {
                return Optional.of(new double[] {sy / n, 0});
            }
        }
        return Optional.of(new double[] {0, sxy / sxx});
    }
}
