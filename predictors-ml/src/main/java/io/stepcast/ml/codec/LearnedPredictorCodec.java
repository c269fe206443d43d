package io.stepcast.ml.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.LearnedPredictor;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Saves and loads the {@link LearnedPredictor}s of one estimator (the Tribuo learners and the Courier forests) as the
 * envelope {@value #FORMAT}: the estimator and, per target, a regression ({@link RegressionFields}). Payloads of
 * another estimator or kind, truncated or altered are refused with an {@link IOException} saying which; payloads of
 * the former binary layout ({@link FormerBinaryPayload}, versions 1 and 2) and of envelope version 3 (without the
 * features' training ranges, so they flag no extrapolation) still read.
 * <pre>
 * {"format":"stepcast-learned","version":5,"estimator":"cart","models":[{"target":"step-time", ...}]}
 * </pre>
 */
public final class LearnedPredictorCodec implements PredictorCodec {
    /** The envelope's format tag; versions 1 and 2 were the binary {@code stepcast-ml} payload. */
    public static final String FORMAT = "stepcast-learned";
    /** 4 adds each numeric feature's training range ({@link RegressionFields}); 3, without them, still reads; 5 adds the
     * distinct values of the features that took few, for the gaps inside a range; 4, without them, still reads. */
    static final int VERSION = 5;
    /** The oldest envelope version read. */
    static final int OLDEST_VERSION = 3;
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
        PayloadWriter w = PayloadWriter.envelope(FORMAT, VERSION).text("estimator", estimator);
        w.emptyList("models");
        for (var e : learned.models().entrySet()) {
            RegressionFields.write(e.getKey(), e.getValue(), w.element("models"));
        }
        return w.bytes();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        Map<Target, FittedRegression> models = new EnumMap<>(Target.class);
        if (EnvelopeHeader.of(payload).isEmpty()) {
            FormerBinaryPayload.Reader r = new FormerBinaryPayload.Reader(payload, KIND, estimator);
            int n = r.count();
            for (int i = 0; i < n; i++) {
                Target t = r.target();
                models.put(t, r.regression());
            }
            r.end();
        } else {
            PayloadReader r = PayloadReader.open(payload, "corrupt " + estimator + " payload", FORMAT,
                    OLDEST_VERSION, VERSION);
            String saved = r.text("estimator");
            if (!saved.equals(estimator)) {
                throw new IOException("payload holds a predictor of estimator '" + saved + "', not of '" + estimator
                        + "'");
            }
            for (PayloadReader m : r.elements("models")) {
                if (models.put(RegressionFields.target(m), RegressionFields.read(m)) != null) {
                    throw m.corrupt("target", "a second model of " + m.text("target"));
                }
            }
        }
        if (models.isEmpty()) {
            throw new IOException("corrupt " + estimator + " payload: no fitted target");
        }
        return new LearnedPredictor(models, provenance);
    }
}
