package io.stepcast.ml.hybrid;

import com.google.inject.Provider;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.NotPersistable;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.ml.codec.FormerBinaryPayload;
import io.stepcast.ml.codec.RegressionFields;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;
import io.stepcast.models.persist.ProvenanceFields;

import java.io.IOException;
import java.util.EnumMap;
import java.util.Map;
import java.util.Objects;

/**
 * Saves and loads {@link HybridPredictor}s as the envelope {@value #FORMAT}: the base's name, provenance and payload
 * (written by the base's own codec, looked up among the registered codecs, and nested as an object when it is an
 * envelope) followed by the learned residuals ({@link RegressionFields}). The base is chosen by a hyper-parameter at
 * fit time, so the start-up check cannot see it: a hybrid whose base has no codec is refused on saving with a
 * message that says so (and why, when the base's plugin declared it not persistable). Payloads of the former binary
 * layout ({@link FormerBinaryPayload}) and of envelope version 3 (without the residuals' training ranges) still read.
 * <pre>
 * {"format":"stepcast-hybrid","version":5,"base":"pollux","base_provenance":{...},"base_payload":{...},
 *  "residuals":[{"target":"step-time", ...}]}
 * </pre>
 */
public final class HybridCodec implements PredictorCodec {
    /** The envelope's format tag; versions 1 and 2 were the binary {@code stepcast-ml} payload. */
    public static final String FORMAT = "stepcast-hybrid";
    /** 4 adds the residuals' training ranges ({@link RegressionFields}); 3, without them, still reads; 5 adds the
     * distinct values of the features that took few, for the gaps inside a range; 4, without them, still reads. */
    private static final int VERSION = 5;
    private static final int OLDEST_VERSION = 3;
    private static final String KIND = "hybrid";
    private final Provider<Map<String, PredictorCodec>> codecs;
    private final Provider<Map<String, NotPersistable>> notPersistable;

    /**
     * @param codecs         every registered codec by estimator name, resolved when used
     * @param notPersistable every estimator declared not persistable, with its reason, resolved when used
     */
    public HybridCodec(Provider<Map<String, PredictorCodec>> codecs,
                       Provider<Map<String, NotPersistable>> notPersistable) {
        this.codecs = Objects.requireNonNull(codecs, "codecs");
        this.notPersistable = Objects.requireNonNull(notPersistable, "notPersistable");
    }

    private PredictorCodec baseCodec(String base) throws IOException {
        PredictorCodec c = codecs.get().get(base);
        if (c == null || c == this) {
            NotPersistable why = notPersistable.get().get(base);
            throw new IOException("the hybrid's base '" + base + "' has no codec" + (why == null ? ""
                    : " (" + why.reason() + ")") + ", so this hybrid cannot be saved or loaded; refit it instead");
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
        PayloadWriter w = PayloadWriter.envelope(FORMAT, VERSION).text("base", h.baseName());
        ProvenanceFields.write(h.base().provenance(), w.object("base_provenance"));
        w.embed("base_payload", basePayload);
        w.emptyList("residuals");
        for (var e : h.residuals().entrySet()) {
            RegressionFields.write(e.getKey(), e.getValue(), w.element("residuals"));
        }
        return w.bytes();
    }

    @Override
    public Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        String baseName;
        Provenance baseProvenance;
        byte[] basePayload;
        Map<Target, FittedRegression> residuals = new EnumMap<>(Target.class);
        if (EnvelopeHeader.of(payload).isEmpty()) {
            FormerBinaryPayload.Reader r = new FormerBinaryPayload.Reader(payload, KIND, "hybrid");
            baseName = r.text();
            baseProvenance = r.provenance();
            basePayload = r.blob();
            int n = r.count();
            for (int i = 0; i < n; i++) {
                Target t = r.target();
                residuals.put(t, r.regression());
            }
            r.end();
        } else {
            PayloadReader r = PayloadReader.open(payload, "corrupt hybrid payload", FORMAT, OLDEST_VERSION,
                    VERSION);
            baseName = r.text("base");
            baseProvenance = ProvenanceFields.read(r.object("base_provenance"));
            basePayload = r.embedded("base_payload");
            for (PayloadReader m : r.elements("residuals")) {
                if (residuals.put(RegressionFields.target(m), RegressionFields.read(m)) != null) {
                    throw m.corrupt("target", "a second residual of " + m.text("target"));
                }
            }
        }
        if (residuals.isEmpty()) {
            throw new IOException("corrupt hybrid payload: no learned residual");
        }
        Predictor base = baseCodec(baseName).decode(basePayload, baseProvenance);
        return new HybridPredictor(baseName, base, residuals, provenance);
    }
}
