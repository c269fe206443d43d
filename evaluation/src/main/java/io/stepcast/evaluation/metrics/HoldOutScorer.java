package io.stepcast.evaluation.metrics;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.evaluation.protocol.Split;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * Fits an estimator on a split's training side and scores every test observation that has a measured
 * value of the target. Nothing here throws because of a predictor: an estimator that cannot fit, a fit
 * or prediction that fails, or a predictor that does not offer the target turns every affected point into
 * a not-applicable one carrying the reason, so one broken plugin never stops a suite.
 */
public final class HoldOutScorer {
    private HoldOutScorer() {
    }

    /**
     * Scores one split.
     *
     * @param label     the predictor label reported
     * @param estimator the configured estimator
     */
    public static List<ScoredPoint> score(String dataset, String protocol, Split split, String label,
                                          Estimator estimator, Target target) {
        List<Observation> test = split.test().stream().filter(o -> o.value(target).isPresent()).toList();
        if (test.isEmpty()) {
            return List.of();
        }
        Predictor predictor = null;
        String failure = null;
        if (!estimator.targets().contains(target)) {
            failure = "does not predict " + target.label();
        } else {
            try {
                predictor = estimator.fit(split.training());
            } catch (CannotFitException e) {
                failure = "cannot fit: " + oneLine(e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                failure = "fit failed: " + e.getClass().getSimpleName() + ": " + oneLine(e.getMessage());
            }
        }
        List<ScoredPoint> points = new ArrayList<>(test.size());
        for (Observation o : test) {
            Prediction p = predictor == null ? Prediction.notApplicable(failure) : predictSafely(predictor, o, target);
            OptionalDouble measured = o.value(target);
            points.add(new ScoredPoint(dataset, protocol, split.id(), label, target, o, measured.getAsDouble(), p));
        }
        return points;
    }

    private static Prediction predictSafely(Predictor predictor, Observation o, Target target) {
        try {
            Prediction p = predictor.predict(o.config(), target);
            return p == null ? Prediction.notApplicable("predictor returned nothing") : p;
        } catch (RuntimeException e) {
            return Prediction.notApplicable("prediction failed: " + e.getClass().getSimpleName() + ": "
                    + oneLine(e.getMessage()));
        }
    }

    /** The first line of a message, never empty. */
    public static String oneLine(String message) {
        if (message == null || message.isBlank()) {
            return "(no message)";
        }
        int nl = message.indexOf('\n');
        return nl < 0 ? message.strip() : message.substring(0, nl).strip();
    }
}
