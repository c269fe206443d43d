package io.stepcast.analytic.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.analytic.estimators.Coefficients;
import io.stepcast.analytic.estimators.GroupedPredictor;

import java.io.IOException;
import java.util.Objects;
import java.util.function.BiFunction;

/**
 * Saves and loads the grouped closed-form predictors (linear scaling, Pollux, Optimus, Ernest, Pollux with
 * topology) as the {@link Coefficients} of their groups, an envelope (the plain text of version 1 still reads); a
 * reload predicts bit for bit the same.
 */
public final class CoefficientsCodec implements PredictorCodec {
    private final String estimator;
    private final int arity;
    private final BiFunction<Coefficients, Provenance, Predictor> restore;

    /**
     * @param estimator the estimator name the payload must carry
     * @param arity     coefficients per group
     * @param restore   builds the predictor from decoded coefficients
     */
    public CoefficientsCodec(String estimator, int arity, BiFunction<Coefficients, Provenance, Predictor> restore) {
        this.estimator = Objects.requireNonNull(estimator);
        this.arity = arity;
        this.restore = Objects.requireNonNull(restore);
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof GroupedPredictor g) || !g.coefficients().estimator().equals(estimator)) {
            throw TextPayload.cannotSave(estimator, predictor);
        }
        return g.coefficients().encode();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        return restore.apply(Coefficients.decode(payload, estimator, arity), provenance);
    }
}
