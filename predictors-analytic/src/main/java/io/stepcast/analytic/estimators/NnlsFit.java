package io.stepcast.analytic.estimators;

import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.analytic.fit.NonNegativeLeastSquares;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
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
    static final List<String> WEIGHTINGS = List.of("relative", "absolute");

    /**
     * Checks the hyper-parameters {@link #fitIfEnough} reads, {@code weighting} and {@code min-points}, so that
     * an estimator refuses a bad value when it is configured rather than when it fits.
     */
    static void checkParams(HyperParameters params) {
        params.choice("weighting", WEIGHTINGS);
        params.integerAtLeast("min-points", 1);
    }

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

    /**
     * The coefficients of a group under the {@code weighting} hyper-parameter, or empty (saying why) when the
     * group has fewer distinct configurations than {@code min-points}: with fewer rows than terms the
     * non-negative fit is not identified.
     *
     * @param estimator      the estimator's name, for the reason
     * @param configurations what is counted, for the reason, e.g. {@code "distinct configurations"}
     */
    static Optional<double[]> fitIfEnough(List<Observation> group, Function<Observation, double[]> features,
                                          HyperParameters params, String estimator, String configurations,
                                          List<String> why) {
        long distinct = distinct(group, features);
        int min = params.integer("min-points");
        if (distinct < min) {
            why.add("only " + distinct + " " + configurations + ", " + estimator + " needs " + min);
            return Optional.empty();
        }
        boolean relative = params.choice("weighting", WEIGHTINGS).equals("relative");
        return Optional.of(fit(group, features, relative));
    }

    /**
     * The shared coefficients of a fit pooled over jobs ({@link GroupedEstimator}): every row's feature
     * {@code j} times its model's compute scale when {@code computeTerm[j]}, else its synchronisation scale,
     * under the same weighting and {@code min-points} (counted over the scaled rows) as a group's own fit.
     */
    static Optional<double[]> fitPooledIfEnough(List<Observation> pool, Function<Observation, double[]> features,
                                                boolean[] computeTerm, Function<Observation, ModelScale> scale,
                                                HyperParameters params, String estimator, List<String> why) {
        return fitIfEnough(pool, o -> scaled(features.apply(o), computeTerm, scale.apply(o)), params, estimator,
                "distinct configurations over the pooled jobs", why);
    }

    /** The features (or coefficients) of a form scaled by a model's scale, term by term. */
    static double[] scaled(double[] x, boolean[] computeTerm, ModelScale scale) {
        double[] out = x.clone();
        for (int j = 0; j < computeTerm.length; j++) {
            out[j] *= scale.of(computeTerm[j]);
        }
        return out;
    }

    /**
     * The step time of the form at a feature row, {@code sum_j theta_j x_j}: the predictors evaluate the fitted
     * form as the fit saw it. {@code theta} may be longer than {@code x}, the extra entries being flags a
     * predictor keeps with its coefficients.
     */
    static double stepTime(double[] theta, double[] x) {
        double t = 0;
        for (int j = 0; j < x.length; j++) {
            t += theta[j] * x[j];
        }
        return t;
    }

    /** Number of distinct configurations (by their feature rows) among the observations. */
    static long distinct(List<Observation> group, Function<Observation, double[]> features) {
        return group.stream().map(o -> Arrays.toString(features.apply(o))).distinct().count();
    }
}
