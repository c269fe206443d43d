package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * A fitted {@link CourierOlsEstimator}: one {@link OlsModel} per target it could fit. Immutable and
 * thread-safe.
 */
public final class CourierOlsPredictor extends AbstractPredictor {
    private final Map<Target, OlsModel> models;
    private final boolean extrapolate;

    /**
     * @param models      the regression of each fitted target
     * @param extrapolate true to answer outside the training range of the factors
     * @param provenance  how it was fitted
     */
    public CourierOlsPredictor(Map<Target, OlsModel> models, boolean extrapolate, Provenance provenance) {
        super(Objects.requireNonNull(provenance, "provenance"));
        if (models.isEmpty()) {
            throw new IllegalArgumentException("at least one target model is required");
        }
        this.models = Collections.unmodifiableMap(new EnumMap<>(models));
        this.extrapolate = extrapolate;
    }

    /** The fitted regressions by target. */
    public Map<Target, OlsModel> models() {
        return models;
    }

    /** Whether it answers outside the training ranges. */
    public boolean extrapolates() {
        return extrapolate;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        OlsModel m = models.get(target);
        if (m == null) {
            return Prediction.notApplicable(CourierOlsEstimator.NAME + " was not fitted for " + target.label());
        }
        Map<String, Double> x = CourierFeatures.of(config);
        if (!extrapolate) {
            String outside = m.outsideRange(x);
            if (outside != null) {
                return Prediction.notApplicable(CourierOlsEstimator.NAME + ": " + outside);
            }
        }
        double y = m.predict(x);
        if (target == Target.ACCURACY && !(y >= 0 && y <= 1)) {
            return Prediction.notApplicable(CourierOlsEstimator.NAME + " predicts an accuracy of " + y
                    + ", outside [0, 1]");
        }
        if (target == Target.RESPONSE_TIME && !(y > 0)) {
            return Prediction.notApplicable(CourierOlsEstimator.NAME + " predicts a non-positive response time " + y);
        }
        return Prediction.of(y);
    }

    @Override
    public Set<Target> targets() {
        return models.keySet();
    }
}
