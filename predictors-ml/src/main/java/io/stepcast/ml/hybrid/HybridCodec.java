package io.stepcast.ml.hybrid;

import com.google.inject.Provider;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.ml.codec.Payload;
import io.stepcast.ml.learn.FittedRegression;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Saves and loads {@link HybridPredictor}s: the base's name, provenance and payload (written by the
 * base's own codec, looked up among the registered codecs) followed by the learned residuals. A
 * hybrid whose base has no codec is refused with a message that says so.
 */
public final class HybridCodec implements PredictorCodec {
    private static final String KIND = "hybrid";
    private final Provider<Map<String, PredictorCodec>> codecs;

    /** @param codecs every registered codec by estimator name, resolved when used */
    public HybridCodec(Provider<Map<String, PredictorCodec>> codecs) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
    }

    private PredictorCodec baseCodec(String base) throws IOException {
        PredictorCodec c = codecs.get().get(base);
        if (c == null || c == this) {
            throw new IOException("the hybrid's base '" + base + "' has no codec, so this hybrid cannot be saved "
                    + "or loaded; refit it instead");
        }
        return c;
    }

    @Override
    public byte[] encode(Predictor predictor) throws IOException {
        if (!(predictor instanceof HybridPredictor h)) {
            throw new IOException("the hybrid codec cannot store a " + predictor.getClass().getSimpleName()
                    + " of " + predictor.provenance().estimator());
        }
        byte[] basePayload = baseCodec(h.baseName()).encode(h.base());
        Payload.Writer w = new Payload.Writer(KIND, "hybrid");
        w.text(h.baseName());
        w.provenance(h.base().provenance());
        w.blob(basePayload);
        w.integer(h.residuals().size());
        for (var e : h.residuals().entrySet()) {
            w.regression(e.getKey(), e.getValue());
        }
        return w.seal();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        Payload.Reader r = new Payload.Reader(payload, KIND, "hybrid");
        String baseName = r.text();
        Provenance baseProvenance = r.provenance();
        byte[] basePayload = r.blob();
        int n = r.count();
        Map<Target, FittedRegression> residuals = new EnumMap<>(Target.class);
        for (int i = 0; i < n; i++) {
            Target t = r.target();
            residuals.put(t, r.regression());
        }
        r.end();
        if (residuals.isEmpty()) {
            throw new IOException("corrupt hybrid payload: no learned residual");
        }
        Predictor base = baseCodec(baseName).decode(basePayload, baseProvenance);
        return new HybridPredictor(baseName, base, residuals, provenance);
    }
}
