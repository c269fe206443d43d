package io.stepcast.evaluation.report;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Prediction;

/**
 * The JSON of a prediction's interval, written the same way wherever a prediction is answered in JSON
 * ({@code stepcast predict --json}, {@code serve}'s {@code POST /v1/predict}): {@code "interval": [lo, hi]} and
 * {@code "coverage"}, null when the interval states no level (the simulation's spread over seeds, say), so that a
 * reader never takes an unstated range for a calibrated one. Nothing is written for a prediction without an
 * interval.
 */
public final class PredictionJson {
    private PredictionJson() {
    }

    /** Adds {@code v}'s interval and its coverage to {@code out}, when {@code v} has an interval. */
    public static void putInterval(ObjectNode out, Prediction.Value v) {
        if (v.lower().isEmpty()) {
            return;
        }
        out.putArray("interval").add(v.lower().getAsDouble()).add(v.upper().getAsDouble());
        if (v.coverage().isPresent()) {
            out.put("coverage", v.coverage().getAsDouble());
        } else {
            out.putNull("coverage");
        }
    }
}
