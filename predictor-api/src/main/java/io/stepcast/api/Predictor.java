package io.stepcast.api;

import java.util.Set;

/**
 * A fitted prediction method (Tribuo's {@code Model}): immutable and safe to call from several
 * threads. It answers for a configuration and a target with a value, or with
 * {@link Prediction.NotApplicable} when the configuration is outside its domain.
 */
public interface Predictor {

    /** Predicts {@code target} for {@code config}. Never throws for a valid configuration. */
    Prediction predict(Config config, Target target);

    /**
     * Predicts {@code target} for {@code config} with an interval meant to hold the measured value with
     * probability {@code coverage}, when the predictor can give one at any level (for example a
     * split-conformal ({@code io.stepcast.models.uncertainty.SplitConformalEstimator}) predictor). The default
     * ignores the level and answers {@link #predict(Config, Target)}, whose interval, if any, states its own
     * coverage (or none): callers read {@link Prediction.Value#coverage()} rather than assume the level asked.
     *
     * @param coverage nominal level in (0, 1)
     */
    default Prediction predict(Config config, Target target, double coverage) {
        return predict(config, target);
    }

    /** The targets this predictor answers. */
    Set<Target> targets();

    /** How it was fitted. */
    Provenance provenance();
}
