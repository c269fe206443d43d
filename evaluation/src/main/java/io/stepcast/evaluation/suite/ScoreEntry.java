package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.metrics.Metrics;
import io.stepcast.evaluation.metrics.PointMetrics;
import io.stepcast.evaluation.metrics.SameRowsBaseline;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The accuracy of one predictor on one target of one dataset under one protocol, over all models
 * ({@code model = "*"}) or for one model.
 *
 * @param reasons  distinct not-applicable reasons with their counts, in the order given (most frequent first)
 * @param baseline the reference baseline's error on exactly the points this entry's predictor answered; empty where
 *                 the target has no reference baseline or the baseline was not run on these points
 * @param extrapolations why answered points were extrapolations ({@link ScoredPoint#extrapolation()}: a learned
 *                 model past its training range), distinct notes with their counts, most frequent first; empty when
 *                 no answer was flagged
 */
public record ScoreEntry(String dataset, String protocol, String predictor, String target, String model,
                         Metrics metrics, Map<String, Integer> reasons, Optional<SameRowsBaseline> baseline,
                         Map<String, Integer> extrapolations) {
    /** Model label of an entry over every model of the dataset. */
    public static final String ALL_MODELS = "*";

    public ScoreEntry {
        // Keep the tally's order (most frequent first): Map.copyOf would iterate in a per-JVM random order,
        // and details.json and the report list the reasons in iteration order.
        reasons = Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
        baseline = baseline == null ? Optional.empty() : baseline;
        extrapolations = extrapolations == null ? Map.of()
                : Collections.unmodifiableMap(new LinkedHashMap<>(extrapolations));
    }

    /** An entry without extrapolated answers. */
    public ScoreEntry(String dataset, String protocol, String predictor, String target, String model, Metrics metrics,
                      Map<String, Integer> reasons, Optional<SameRowsBaseline> baseline) {
        this(dataset, protocol, predictor, target, model, metrics, reasons, baseline, Map.of());
    }

    /** How many answered points were flagged as extrapolations. */
    public int extrapolated() {
        return extrapolations.values().stream().mapToInt(Integer::intValue).sum();
    }

    /** An entry without a reference baseline. */
    public ScoreEntry(String dataset, String protocol, String predictor, String target, String model, Metrics metrics,
                      Map<String, Integer> reasons) {
        this(dataset, protocol, predictor, target, model, metrics, reasons, Optional.empty());
    }

    /**
     * The entries of scored points, one per (dataset, protocol, predictor, target), over every model or per model
     * when {@code perModel}, in the order of the points' first appearance (a run's entries, and the same entries
     * again from the points of its {@code predictions.parquet}), each with the reference baseline's error on the
     * points its predictor answered where the baseline's points of the same group are among {@code points}.
     */
    public static List<ScoreEntry> aggregate(List<ScoredPoint> points, boolean perModel) {
        Map<List<String>, List<ScoredPoint>> groups = new LinkedHashMap<>();
        for (ScoredPoint p : points) {
            List<String> key = List.of(p.dataset(), p.protocol(), p.predictor(), p.target().label(),
                    perModel ? p.model() : ALL_MODELS);
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        List<ScoreEntry> out = new ArrayList<>();
        groups.forEach((k, v) -> {
            List<ScoredPoint> reference = groups.getOrDefault(List.of(k.get(0), k.get(1),
                    SameRowsBaseline.LINEAR_SCALING, k.get(3), k.get(4)), List.of());
            out.add(new ScoreEntry(k.get(0), k.get(1), k.get(2), k.get(3), k.get(4), PointMetrics.of(v),
                    PointMetrics.reasons(v), SameRowsBaseline.of(v, reference), PointMetrics.extrapolations(v)));
        });
        return out;
    }
}
