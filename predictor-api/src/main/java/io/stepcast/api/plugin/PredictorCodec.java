package io.stepcast.api.plugin;

import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;

import java.io.IOException;

/**
 * Saves and loads fitted predictors of one estimator. The CLI wraps the payload in a file with a header
 * (format, version, estimator, provenance, checksum); the codec only turns the fitted state into bytes
 * and back. A reloaded predictor must predict exactly what the saved one predicted.
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
