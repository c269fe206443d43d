package io.stepcast.models.predictor;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;

/**
 * What every fitted predictor holds the same way: the {@link Provenance} of its fit, answered by
 * {@link #provenance()}. A subclass supplies its predictions and its targets; like the estimators'
 * {@code AbstractEstimator}, it saves each predictor the field and accessor that would otherwise be written again.
 */
public abstract class AbstractPredictor implements Predictor {
    private final Provenance provenance;

    /** @param provenance how the predictor was fitted */
    protected AbstractPredictor(Provenance provenance) {
        this.provenance = provenance;
    }

    @Override
    public final Provenance provenance() {
        return provenance;
    }
}
