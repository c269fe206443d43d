package io.stepcast.ml.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.LearnedPredictor;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Saves and loads the {@link LearnedPredictor}s of one estimator (the Tribuo learners and the Courier
 * forests): per target, the feature encoding and target transform in our header and the Tribuo model as
 * its protobuf bytes. Payloads of another estimator, of another kind, truncated or altered are refused
 * with an {@link IOException} saying which.
 */
public final class LearnedPredictorCodec implements PredictorCodec {
    static final String KIND = "learned";
    private final String estimator;

    /** @param estimator the estimator whose predictors this codec stores */
    public LearnedPredictorCodec(String estimator) {
        this.estimator = Objects.requireNonNull(estimator, "estimator");
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof LearnedPredictor learned) || !learned.provenance().estimator().equals(estimator)) {
            throw new IOException("the " + estimator + " codec cannot store a predictor of "
                    + predictor.provenance().estimator() + " (" + predictor.getClass().getSimpleName() + ")");
        }
        Payload.Writer w = new Payload.Writer(KIND, estimator);
        w.integer(learned.models().size());
        for (var e : learned.models().entrySet()) {
            w.regression(e.getKey(), e.getValue());
        }
        return w.seal();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        Payload.Reader r = new Payload.Reader(payload, KIND, estimator);
        int n = r.count();
        Map<Target, FittedRegression> models = new EnumMap<>(Target.class);
        for (int i = 0; i < n; i++) {
            Target t = r.target();
            models.put(t, r.regression());
        }
        r.end();
        if (models.isEmpty()) {
            throw new IOException("corrupt stepcast-ml payload: no fitted target");
        }
        return new LearnedPredictor(models, provenance);
    }
}
