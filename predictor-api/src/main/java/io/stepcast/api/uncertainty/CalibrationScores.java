package io.stepcast.api.uncertainty;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The sorted nonconformity scores {@code |y - m(x)| / sigma(x)} of one target on the calibration points, and
 * the split-conformal quantile at any level (Lei et al., JASA 2018, Algorithm 2: the
 * {@code ceil((n + 1)(1 - alpha))}-th smallest score).
 *
 * @param normalisation how {@code sigma(x)} is computed (never {@code AUTO})
 * @param scores        ascending
 */
record CalibrationScores(SplitConformalEstimator.Normalisation normalisation, double[] scores) {

    /** Scores of {@code target} on the calibration points that measure it; empty when none can be scored. */
    static Optional<CalibrationScores> of(Predictor proper, List<Observation> calibration, Target target,
                                          SplitConformalEstimator.Normalisation wanted) {
        List<Observation> points = calibration.stream().filter(o -> o.value(target).isPresent()).toList();
        Prediction.Value[] predicted = new Prediction.Value[points.size()];
        boolean allSpread = !points.isEmpty();
        for (int i = 0; i < points.size(); i++) {
            Prediction p;
            try {
                p = proper.predict(points.get(i).config(), target);
            } catch (RuntimeException e) {
                p = Prediction.notApplicable("prediction failed");
            }
            if (p instanceof Prediction.Value v) {
                predicted[i] = v;
                allSpread &= Double.isFinite(SplitConformalEstimator.Normalisation.SPREAD.sigma(v));
            }
        }
        SplitConformalEstimator.Normalisation mode = wanted != SplitConformalEstimator.Normalisation.AUTO ? wanted
                : allSpread ? SplitConformalEstimator.Normalisation.SPREAD
                : SplitConformalEstimator.Normalisation.RELATIVE;
        double[] s = new double[points.size()];
        int n = 0;
        for (int i = 0; i < points.size(); i++) {
            if (predicted[i] == null) {
                continue;
            }
            double sigma = mode.sigma(predicted[i]);
            if (Double.isFinite(sigma) && sigma > 0) {
                s[n++] = Math.abs(points.get(i).value(target).getAsDouble() - predicted[i].value()) / sigma;
            }
        }
        if (n == 0) {
            return Optional.empty();
        }
        double[] sorted = Arrays.copyOf(s, n);
        Arrays.sort(sorted);
        return Optional.of(new CalibrationScores(mode, sorted));
    }

    /** The scores of several folds as one sorted set. */
    static CalibrationScores pool(SplitConformalEstimator.Normalisation mode, List<double[]> parts) {
        double[] all = parts.stream().flatMapToDouble(java.util.Arrays::stream).toArray();
        Arrays.sort(all);
        return new CalibrationScores(mode, all);
    }

    /** The score quantile for an interval at {@code coverage}, or empty when there are too few scores. */
    OptionalDouble quantile(double coverage) {
        int n = scores.length;
        int k = (int) Math.ceil((n + 1) * coverage - 1e-9);
        return k <= n ? OptionalDouble.of(scores[Math.max(k, 1) - 1]) : OptionalDouble.empty();
    }

    /** Number of calibration scores. */
    int size() {
        return scores.length;
    }
}
