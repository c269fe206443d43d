package io.stepcast.analytic.collective;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.analytic.estimators.StepTimePredictor;

import java.util.EnumSet;

/**
 * What the fitted collective predictors share: they answer the time of one collective call only, and a
 * configuration that is no call ({@link CollectiveConfig}) is refused with the reason before
 * {@link #seconds} times it.
 */
abstract class CollectivePredictor extends StepTimePredictor {
    private final String estimator;

    CollectivePredictor(String estimator, Provenance provenance) {
        super(EnumSet.of(Target.STEP_TIME), provenance);
        this.estimator = estimator;
    }

    /** The time of {@code call}, the collective of {@code config}, or the reason there is none. */
    protected abstract Prediction seconds(Config config, CollectiveConfig call);

    @Override
    protected final String wrongTarget(Target target) {
        return estimator + " predicts the time of a collective call only";
    }

    @Override
    protected final Prediction stepTime(Config config) {
        CollectiveConfig.Either e = CollectiveConfig.of(config);
        if (e.call().isEmpty()) {
            return Prediction.notApplicable(e.reason());
        }
        return seconds(config, e.call().get());
    }
}
