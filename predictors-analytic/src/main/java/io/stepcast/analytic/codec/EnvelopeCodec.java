package io.stepcast.analytic.codec;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.models.persist.EnvelopeHeader;
import io.stepcast.models.persist.PayloadReader;
import io.stepcast.models.persist.PayloadWriter;

import java.io.IOException;
import java.util.Objects;

/**
 * A codec of one kind of fitted predictor that saves it as an envelope of its own format and still reads the text
 * layout written before the envelope: it refuses any other predictor on saving ({@link TextPayload#cannotSave}) and,
 * on loading, gives an envelope opened at its version to {@link #read} and any older payload to
 * {@link #readFormer}, so that a subclass says only what its fields are.
 *
 * @param <P> the fitted predictor it saves
 */
public abstract class EnvelopeCodec<P extends Predictor> implements PredictorCodec {
    private final String subject;
    private final Class<P> type;
    private final String format;
    private final int version;

    /**
     * @param subject what the messages call the payload, the estimator's name as a rule ("corrupt pollux payload")
     * @param type    the fitted predictor's class
     * @param format  the envelope's format tag
     * @param version the envelope's version, the only one read
     */
    protected EnvelopeCodec(String subject, Class<P> type, String format, int version) {
        this.subject = Objects.requireNonNull(subject, "subject");
        this.type = Objects.requireNonNull(type, "type");
        this.format = Objects.requireNonNull(format, "format");
        this.version = version;
    }

    /** Adds the predictor's fields to the envelope {@code w}, whose header is written. */
    protected abstract void write(P predictor, PayloadWriter w);

    /** The predictor of an envelope of this format and version. */
    protected abstract Predictor read(PayloadReader r, Provenance provenance) throws IOException;

    /** The predictor of a payload written before the envelope. */
    protected abstract Predictor readFormer(byte[] payload, Provenance provenance) throws IOException;

    @Override
    public final byte[] encode(Predictor predictor) throws IOException {
        if (!type.isInstance(predictor)) {
            throw TextPayload.cannotSave(subject, predictor);
        }
        PayloadWriter w = PayloadWriter.envelope(format, version);
        write(type.cast(predictor), w);
        return w.bytes();
    }

    @Override
    public final Predictor decode(byte[] payload, Provenance provenance) throws IOException {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            return readFormer(payload, provenance);
        }
        return read(PayloadReader.open(payload, "corrupt " + subject + " payload", format, version, version),
                provenance);
    }
}
