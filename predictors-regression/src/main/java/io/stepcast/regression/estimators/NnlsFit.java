package io.stepcast.regression.estimators;

import io.stepcast.api.Observation;
import io.stepcast.regression.fit.NonNegativeLeastSquares;

import java.util.List;
import java.util.function.Function;

/**
 * Fits a step-time form that is linear in non-negative coefficients, {@code T = sum_j theta_j x_j(config)},
 * with {@link NonNegativeLeastSquares}. With {@code relative} weighting (our default) each row is divided by
 * its measured time, so the fit minimises squared relative errors and a 20 ms step weighs as much as a 2 s
 * one, which is what percentage-error scoring rewards; {@code absolute} is the papers' plain least squares.
 */
final class NnlsFit {
    private NnlsFit() {
    }

    /** The weighting hyper-parameter's values. */
    static final String[] WEIGHTINGS = {"relative", "absolute"};

    static double[] fit(List<Observation> group, Function<Observation, double[]> features, boolean relative) {
        double[][] a = new double[group.size()][];
        double[] b = new double[group.size()];
        for (int i = 0; i < group.size(); i++) {
            Observation o = group.get(i);
            double t = GroupedEstimator.stepTime(o);
            double[] x = features.apply(o);
            double w = relative ? 1 / t : 1;
            for (int j = 0; j < x.length; j++) {
                x[j] *= w;
            }
            a[i] = x;
            b[i] = t * w;
        }
        return NonNegativeLeastSquares.solve(a, b);
    }

    /** Number of distinct configurations (by their feature rows) among the observations. */
    static long distinct(List<Observation> group, Function<Observation, double[]> features) {
        return group.stream().map(o -> java.util.Arrays.toString(features.apply(o))).distinct().count();
    }
}
