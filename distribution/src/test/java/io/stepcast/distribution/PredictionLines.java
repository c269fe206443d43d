package io.stepcast.distribution;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * A predictor's answers on rows as text lines, one per row and target: the value and interval bounds written
 * with {@link Double#toString} (which reads back to the same bits), or {@code n/a} for a refusal. Equal lines mean
 * the same numbers, so a recorded file of them pins what a saved model predicts.
 */
final class PredictionLines {
    private PredictionLines() {
    }

    /** The lines of {@code predictor} on {@code rows}, every target in order. */
    static List<String> of(Predictor predictor, List<Observation> rows) {
        List<String> lines = new ArrayList<>();
        for (int i = 0; i < rows.size(); i++) {
            for (Target t : Target.values()) {
                lines.add(i + "\t" + t.label() + "\t" + text(predictor.predict(rows.get(i).config(), t)));
            }
        }
        return lines;
    }

    /** How many of the lines carry a value. */
    static long answered(List<String> lines) {
        return lines.stream().filter(l -> !l.endsWith("\tn/a")).count();
    }

    private static String text(Prediction p) {
        if (!(p instanceof Prediction.Value v)) {
            return "n/a";
        }
        return Double.toString(v.value()) + "\t" + number(v.lower()) + "\t" + number(v.upper()) + "\t"
                + number(v.coverage());
    }

    private static String number(OptionalDouble d) {
        return d.isPresent() ? Double.toString(d.getAsDouble()) : "-";
    }
}
