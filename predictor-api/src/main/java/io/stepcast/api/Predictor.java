package io.stepcast.api;

import java.util.Optional;
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

    /**
     * Whether the answer for {@code config} and {@code target} is an extrapolation: a point outside the domain the
     * predictor was fitted on, where a learned model has seen no row and may be far off (a tree repeats the level of
     * its nearest leaf, a linear model in the logarithm grows exponentially). The answer is still given; this is an
     * applicability-domain flag beside it, one line saying why in the user's words (for example
     * {@code workers 64 is outside the trained range 1-8}), meant to be shown next to the prediction.
     *
     * <p>Empty when the point lies inside the fitted domain, when the predictor does not know its domain (a model
     * saved before it recorded one), or when the predictor's form is meant to carry a point beyond its rows (the
     * closed forms with a scaling law). A wrapper passes on its base's flag. Only meaningful where
     * {@link #predict(Config, Target)} answers a value; never throws for a valid configuration.
     */
    default Optional<String> extrapolation(Config config, Target target) {
        return Optional.empty();
    }

    /**
     * Where the answer for {@code config} and {@code target} comes from when no row of the configuration's own
     * machine gives it: the machines it was carried from and how (for example {@code compute carried to dgx-a100
     * (A100-SXM4-80GB) from the compute line of dgx-1-v100 ... times 2.1 at the TF32 peaks}), one line meant to be
     * shown next to the prediction, so that a user asking about hardware they have not measured sees what the number
     * rests on.
     *
     * <p>Empty by default, and where the answer rests on rows of the configuration's own machine. Unlike
     * {@link #extrapolation}, it flags nothing: carrying a job to other hardware is what such a predictor is for. A
     * wrapper passes on its base's. Only meaningful where {@link #predict(Config, Target)} answers a value; never
     * throws for a valid configuration.
     */
    default Optional<String> basis(Config config, Target target) {
        return Optional.empty();
    }

    /** The targets this predictor answers. */
    Set<Target> targets();

    /** How it was fitted. */
    Provenance provenance();
}
