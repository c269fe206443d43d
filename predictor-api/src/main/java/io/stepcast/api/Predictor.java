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

    /** The targets this predictor answers. */
    Set<Target> targets();

    /** How it was fitted. */
    Provenance provenance();
}
