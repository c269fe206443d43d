package io.stepcast.api.uncertainty;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.util.Objects;

/**
 * A predictor whose answers are built around the answers of another fitted predictor, its base (a
 * split-conformal ({@code io.stepcast.models.uncertainty.SplitConformalEstimator}) predictor around the base's own fit). It hands out both answers
 * from one call of the base, so that a caller can measure the base's own (native) interval, such as a quantile
 * forest's or the simulation's range over its seeds, next to the wrapper's, without a second fit or prediction.
 */
public interface WrappedPredictor extends Predictor {

    /**
     * The answer of {@link #predict(Config, Target)}, the same bit for bit, and the base's own answer it was
     * built from.
     */
    Answers answers(Config config, Target target);

    /**
     * The two answers for one configuration and target.
     *
     * @param wrapped the wrapper's answer
     * @param base    the base predictor's own answer: the same point, with the base's own interval when it has one
     */
    record Answers(Prediction wrapped, Prediction base) {
        public Answers {
            Objects.requireNonNull(wrapped, "wrapped");
            Objects.requireNonNull(base, "base");
        }
    }
}
