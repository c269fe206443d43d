package io.stepcast.models.uncertainty;

import io.stepcast.api.uncertainty.WrappedPredictor;

import io.stepcast.api.Config;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * A fitted {@link SplitConformalEstimator}: the point of the base predictor with the interval
 * {@code point +- q(coverage) sigma(x)}, {@code sigma} from the proper-part fit and {@code q} from its
 * calibration scores. Where a target has no scores (nothing to calibrate on, or too few points for the level),
 * the base's answer is returned as it is. Its {@link #answers} also hand out the base's own answer (with the
 * base's own interval, if any) from the same call of the base. Immutable; as thread-safe as the base predictors.
 */
final class ConformalPredictor extends AbstractPredictor implements WrappedPredictor, PeakMemory {
    private final Predictor point;
    private final Predictor proper;
    private final Map<Target, CalibrationScores> scores;
    private final double coverage;
    private final String uncalibrated;

    ConformalPredictor(Predictor point, Optional<Predictor> proper, Map<Target, CalibrationScores> scores,
                       double coverage, Provenance provenance, String uncalibrated) {
        super(provenance);
        this.point = point;
        this.proper = proper.orElse(point);
        this.scores = scores.isEmpty() ? Map.of() : new EnumMap<>(scores);
        this.coverage = coverage;
        this.uncalibrated = uncalibrated;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        return predict(config, target, coverage);
    }

    @Override
    public Prediction predict(Config config, Target target, double level) {
        if (!(level > 0 && level < 1)) {
            throw new IllegalArgumentException("coverage must be in (0, 1), was " + level);
        }
        return around(point.predict(config, target), config, target, level);
    }

    /** The point predictor's memory estimate: the interval is around its time, its memory need is its own. */
    @Override
    public OptionalDouble peakMemoryBytes(Config config) {
        return point instanceof PeakMemory m ? m.peakMemoryBytes(config) : OptionalDouble.empty();
    }

    /** The point predictor's flag: the interval is around its answer, so its answer's domain is the wrapper's. */
    @Override
    public Optional<String> extrapolation(Config config, Target target) {
        return point.extrapolation(config, target);
    }

    /** The point predictor's basis: the interval is around its answer, which rests on what the point's rests on. */
    @Override
    public Optional<String> basis(Config config, Target target) {
        return point.basis(config, target);
    }

    @Override
    public Answers answers(Config config, Target target) {
        Prediction p = point.predict(config, target);
        return new Answers(around(p, config, target, coverage), p);
    }

    /** The interval at {@code level} around the point predictor's answer {@code p}, or {@code p} without scores. */
    private Prediction around(Prediction p, Config config, Target target, double level) {
        CalibrationScores s = scores.get(target);
        if (!(p instanceof Prediction.Value v) || s == null) {
            return p;
        }
        Prediction q = proper == point ? p : proper.predict(config, target);
        OptionalDouble k = s.quantile(level, config);
        if (!(q instanceof Prediction.Value qv) || k.isEmpty()) {
            return p;
        }
        double sigma = s.normalisation().sigma(qv);
        if (!Double.isFinite(sigma)) {
            return p;
        }
        double half = k.getAsDouble() * sigma;
        // Every target is a non-negative quantity, and accuracy is a fraction: an end beyond what the target can be
        // would only look wider.
        double lower = Math.max(0, v.value() - half);
        double upper = Math.max(v.value(), Math.min(target.upperLimit(), v.value() + half));
        return Prediction.of(v.value(), Math.min(lower, v.value()), upper, level);
    }

    /** The nominal coverage of {@link #predict(Config, Target)}. */
    double coverage() {
        return coverage;
    }

    /** Why no interval is calibrated, when none is (empty otherwise). */
    String uncalibrated() {
        return uncalibrated;
    }

    /** The point predictor. */
    Predictor point() {
        return point;
    }

    /** The proper-part fit that scales the intervals, when it is not the point predictor itself. */
    Optional<Predictor> proper() {
        return proper == point ? Optional.empty() : Optional.of(proper);
    }

    /** The calibration scores by target. */
    Map<Target, CalibrationScores> scores() {
        return scores;
    }

    @Override
    public Set<Target> targets() {
        return point.targets();
    }
}
