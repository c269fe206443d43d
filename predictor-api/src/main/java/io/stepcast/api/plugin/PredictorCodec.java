package io.stepcast.api.plugin;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;

import java.io.IOException;

/**
 * Saves and loads fitted predictors of one estimator, registered beside it with {@link StepcastPlugin#codec}. The CLI
 * wraps the payload in a model file, an envelope with a header (format, version, estimator, provenance, checksum);
 * the codec only turns the fitted state into bytes and back. A payload that is itself an envelope (written with
 * {@code io.stepcast.models.persist.PayloadWriter}: a format tag, a version and named fields) stays a readable JSON
 * object inside the model file; any other bytes are kept in Base64. A reloaded predictor must predict exactly what
 * the saved one predicted, and a codec keeps reading the payloads its former versions wrote.
 */
public interface PredictorCodec {

    /** The fitted state of {@code predictor} as bytes. */
    byte[] encode(Predictor predictor) throws IOException;

    /**
     * Rebuilds a predictor from {@link #encode} output.
     *
     * @throws IOException when the payload is corrupt or not of this codec, with a clear message
     */
    Predictor decode(byte[] payload, Provenance provenance) throws IOException;
}
