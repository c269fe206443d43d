package io.stepcast.evaluation.metrics;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.uncertainty.WrappedPredictor;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Fits an estimator on a split's training side and scores every test observation that has a measured
 * value of the target. Nothing here throws because of a predictor: an estimator that cannot fit, a fit
 * or prediction that fails, or a predictor that does not offer the target turns every affected point into
 * a not-applicable one carrying the reason, so one broken plugin never stops a suite.
 */
public final class HoldOutScorer {
    /** How the reason of a point refused because its predictor could not be fitted begins. */
    public static final String CANNOT_FIT = "cannot fit: ";
    /** How the reason of a point refused because its predictor's fit threw begins. */
    public static final String FIT_FAILED = "fit failed: ";

    private HoldOutScorer() {
    }

    /**
     * Scores one split on one target.
     *
     * @param label     the predictor label reported
     * @param estimator the configured estimator
     */
    public static List<ScoredPoint> score(String dataset, String protocol, Split split, String label,
                                          Estimator estimator, Target target) {
        return score(dataset, protocol, split, label, estimator, List.of(target)).get(0);
    }

    /**
     * Scores one split on several targets from a single fit: the estimator is fitted once (when it offers
     * at least one of the targets that some test observation measures) and that predictor answers every
     * target.
     *
     * @return the points of each target, in the order of {@code targets}
     */
    public static List<List<ScoredPoint>> score(String dataset, String protocol, Split split, String label,
                                                Estimator estimator, List<Target> targets) {
        return score(dataset, protocol, split, label, estimator, targets, List.of()).points();
    }

    /** A configuration predicted besides the held-out points (for a chart), never scored. */
    public record Query(Config config, Target target) {
    }

    /**
     * The held-out points of each target, and the same fit's answers to the extra queries.
     *
     * @param points the points of each target, in the order of the targets
     * @param extra  the answers, in the order of the queries
     */
    public record Scored(List<List<ScoredPoint>> points, List<Prediction> extra) {
        public Scored {
            points = List.copyOf(points);
            extra = List.copyOf(extra);
        }
    }

    /**
     * Scores one split on several targets from a single fit, as {@link #score(String, String, Split, String,
     * Estimator, List)}, and answers {@code queries} with the same predictor (a query on a target the estimator does
     * not offer, or when the fit failed, is not applicable with the reason).
     */
    public static Scored score(String dataset, String protocol, Split split, String label, Estimator estimator,
                               List<Target> targets, List<Query> queries) {
        List<List<Observation>> tests = new ArrayList<>(targets.size());
        Set<Target> asked = EnumSet.noneOf(Target.class);
        for (Target target : targets) {
            List<Observation> test = split.test().stream().filter(o -> o.value(target).isPresent()).toList();
            tests.add(test);
            if (!test.isEmpty() && estimator.targets().contains(target)) {
                asked.add(target);
            }
        }
        Predictor predictor = null;
        String failure = null;
        if (!asked.isEmpty()) {
            try {
                // Only the targets asked below: an estimator with a model per target skips the others.
                predictor = estimator.fit(split.training(), asked);
            } catch (CannotFitException e) {
                failure = CANNOT_FIT + oneLine(e.getMessage());
            } catch (RuntimeException | LinkageError e) {
                failure = FIT_FAILED + e.getClass().getSimpleName() + ": " + oneLine(e.getMessage());
            }
        }
        List<List<ScoredPoint>> out = new ArrayList<>(targets.size());
        // a query is answered only on a target the fit was asked for (a target no test point measures is not)
        for (int t = 0; t < targets.size(); t++) {
            Target target = targets.get(t);
            String why = estimator.targets().contains(target) ? failure : "does not predict " + target.label();
            List<ScoredPoint> points = new ArrayList<>(tests.get(t).size());
            for (Observation o : tests.get(t)) {
                Answer a = predictor == null || !estimator.targets().contains(target)
                        ? new Answer(Prediction.notApplicable(why), Optional.empty())
                        : predictSafely(predictor, o.config(), target);
                boolean answered = a.prediction().isValue();
                points.add(new ScoredPoint(dataset, protocol, split.id(), label, target, o, o.value(target).getAsDouble(),
                        a.prediction(), a.nativeInterval(),
                        answered ? peakMemory(predictor, o.config()) : OptionalDouble.empty(),
                        answered ? extrapolation(predictor, o.config(), target) : Optional.empty()));
            }
            out.add(points);
        }
        List<Prediction> extra = new ArrayList<>(queries.size());
        for (Query q : queries) {
            boolean offered = estimator.targets().contains(q.target()) && asked.contains(q.target());
            extra.add(predictor == null || !offered
                    ? Prediction.notApplicable(estimator.targets().contains(q.target()) && failure != null ? failure
                            : "does not predict " + q.target().label())
                    : predictSafely(predictor, q.config(), q.target()).prediction());
        }
        return new Scored(out, extra);
    }

    /** What a predictor answered for one point, with its base's own interval when it wraps a base. */
    private record Answer(Prediction prediction, Optional<Prediction.Value> nativeInterval) {
    }

    /**
     * The predictor's answer; from a {@link WrappedPredictor} also its base's own interval, taken from the same call
     * of the base that gave the point (no second prediction). A failure is not applicable.
     */
    private static Answer predictSafely(Predictor predictor, Config config, Target target) {
        try {
            Prediction p;
            Optional<Prediction.Value> own = Optional.empty();
            if (predictor instanceof WrappedPredictor w) {
                WrappedPredictor.Answers a = w.answers(config, target);
                p = a.wrapped();
                if (a.base() instanceof Prediction.Value v && v.lower().isPresent()) {
                    own = Optional.of(v);
                }
            } else {
                p = predictor.predict(config, target);
            }
            return p == null ? new Answer(Prediction.notApplicable("predictor returned nothing"), Optional.empty())
                    : new Answer(p, p.isValue() ? own : Optional.empty());
        } catch (RuntimeException e) {
            return new Answer(Prediction.notApplicable("prediction failed: " + e.getClass().getSimpleName() + ": "
                    + oneLine(e.getMessage())), Optional.empty());
        }
    }

    /**
     * The predictor's peak-memory estimate of a configuration it answered, when it makes one; a failure of the
     * estimate leaves it absent (the time stands).
     */
    /**
     * The peak memory per GPU {@code predictor} estimates for {@code config} ({@link PeakMemory}), bytes; empty when
     * it estimates none, or its estimate fails or is not a positive finite number (a time is still scored without it).
     */
    public static OptionalDouble peakMemory(Predictor predictor, Config config) {
        if (!(predictor instanceof PeakMemory m)) {
            return OptionalDouble.empty();
        }
        try {
            OptionalDouble bytes = m.peakMemoryBytes(config);
            return bytes.isPresent() && bytes.getAsDouble() > 0 && Double.isFinite(bytes.getAsDouble()) ? bytes
                    : OptionalDouble.empty();
        } catch (RuntimeException e) {
            return OptionalDouble.empty();
        }
    }

    /**
     * Why {@code predictor}'s answer for {@code config} is an extrapolation ({@link Predictor#extrapolation}), on one
     * line; empty when it is not flagged, or when the check fails (the answer is scored all the same).
     */
    public static Optional<String> extrapolation(Predictor predictor, Config config, Target target) {
        try {
            Optional<String> why = predictor.extrapolation(config, target);
            return why == null ? Optional.empty() : why.map(HoldOutScorer::oneLine);
        } catch (RuntimeException e) {
            return Optional.empty();
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
