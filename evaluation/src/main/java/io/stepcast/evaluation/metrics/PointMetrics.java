package io.stepcast.evaluation.metrics;

import io.stepcast.api.Prediction;

import java.util.Collection;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Aggregates {@link ScoredPoint}s into {@link Metrics} and tallies the reasons of refusals and the notes of answers
 * flagged as extrapolations.
 */
public final class PointMetrics {
    private PointMetrics() {
    }

    /** The metrics of the points: values are scored, refusals counted as not applicable. */
    public static Metrics of(Collection<ScoredPoint> points) {
        List<ScoredPoint> values = points.stream().filter(p -> p.prediction().isValue()).toList();
        double[] measured = values.stream().mapToDouble(ScoredPoint::measured).toArray();
        double[] predicted = values.stream().mapToDouble(p -> p.predicted().getAsDouble()).toArray();
        return ErrorMetrics.of(measured, predicted, points.size() - values.size());
    }

    /** Distinct refusal reasons with their counts, most frequent first. */
    public static Map<String, Integer> reasons(Collection<ScoredPoint> points) {
        Map<String, Integer> counts = new TreeMap<>();
        for (ScoredPoint p : points) {
            if (p.prediction() instanceof Prediction.NotApplicable na) {
                counts.merge(na.reason(), 1, Integer::sum);
            }
        }
        return mostFrequentFirst(counts);
    }

    /**
     * Distinct extrapolation notes of the answered points ({@link ScoredPoint#extrapolation()}) with their counts,
     * most frequent first.
     */
    public static Map<String, Integer> extrapolations(Collection<ScoredPoint> points) {
        Map<String, Integer> counts = new TreeMap<>();
        for (ScoredPoint p : points) {
            p.extrapolation().ifPresent(why -> counts.merge(why, 1, Integer::sum));
        }
        return mostFrequentFirst(counts);
    }

    /** The counts ordered by count, ties in the order of {@code counts} (sorted by text). */
    private static Map<String, Integer> mostFrequentFirst(Map<String, Integer> counts) {
        Map<String, Integer> ordered = new LinkedHashMap<>();
        counts.entrySet().stream().sorted((a, b) -> b.getValue() - a.getValue())
                .forEach(e -> ordered.put(e.getKey(), e.getValue()));
        return ordered;
    }
}
