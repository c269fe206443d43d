package io.stepcast.evaluation.metrics;

import io.stepcast.api.Config;
import io.stepcast.api.Target;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The reference baseline's error on exactly the held-out rows one predictor answered. A predictor's MAPE is taken
 * over the rows it answered, and predictors decline different rows, so two MAPEs of one leaderboard table may cover
 * different rows; this is the like-for-like figure beside each of them. The reference baseline is
 * {@value #LINEAR_SCALING}, for throughput and step time only (it extrapolates the one-worker rate, and the acceptance
 * asks that the physically-based predictors beat it); it is compared where it was run on the same dataset, protocol,
 * target (and model, for a per-model entry). Where the baseline declined some of the predictor's rows, the figure is
 * over the rows both answered, and {@link #n} says how many those are.
 *
 * @param baseline the baseline's predictor label
 * @param n        the rows the predictor answered that the baseline answered too: the rows of {@link #mape}
 * @param mape     the baseline's mean absolute percentage error over those rows, %; NaN when {@code n = 0}
 */
public record SameRowsBaseline(String baseline, int n, double mape) {
    /**
     * The label of the reference baseline. A name, not the estimator's class: this module never imports a predictor
     * (they come by name from the plugin registry).
     */
    public static final String LINEAR_SCALING = "linear-scaling";

    /** Whether a target has a reference baseline: linear scaling predicts throughput and step time only. */
    public static boolean compared(Target target) {
        return target == Target.THROUGHPUT || target == Target.STEP_TIME;
    }

    /**
     * The baseline's error on the rows {@code points} answered, or empty when the target has no reference baseline or
     * {@code baseline} is empty (the baseline was not run on those rows).
     *
     * @param points   one predictor's points of one dataset, protocol and target (and model), in run order
     * @param baseline the baseline's points of the same dataset, protocol and target (and model), in run order
     */
    public static Optional<SameRowsBaseline> of(List<ScoredPoint> points, List<ScoredPoint> baseline) {
        if (baseline.isEmpty() || points.isEmpty() || !compared(points.get(0).target())) {
            return Optional.empty();
        }
        Set<Row> answered = new HashSet<>();
        List<Row> rows = rows(points);
        for (int i = 0; i < points.size(); i++) {
            if (points.get(i).prediction().isValue()) {
                answered.add(rows.get(i));
            }
        }
        List<ScoredPoint> same = new ArrayList<>();
        List<Row> baselineRows = rows(baseline);
        for (int i = 0; i < baseline.size(); i++) {
            if (baseline.get(i).prediction().isValue() && answered.contains(baselineRows.get(i))) {
                same.add(baseline.get(i));
            }
        }
        // The baseline's own points in its own order: on all of its rows this is its leaderboard MAPE, bit for bit.
        Metrics m = PointMetrics.of(same);
        return Optional.of(new SameRowsBaseline(baseline.get(0).predictor(), m.n(), m.mape()));
    }

    /**
     * One held-out row, the same for every predictor scored on it: its split, its observation (configuration, source,
     * replication, measured value) and, since a table may hold two equal rows, which of the equal rows it is (every
     * predictor of a split is scored on the split's rows in the same order).
     */
    private record Row(String split, Config config, String source, int replication, double measured, int occurrence) {
    }

    private static List<Row> rows(List<ScoredPoint> points) {
        Map<Row, Integer> seen = new HashMap<>();
        List<Row> out = new ArrayList<>(points.size());
        for (ScoredPoint p : points) {
            Row first = new Row(p.split(), p.config(), p.observation().source(), p.observation().replication(),
                    p.measured(), 0);
            int k = seen.merge(first, 1, Integer::sum) - 1;
            out.add(k == 0 ? first : new Row(first.split(), first.config(), first.source(), first.replication(),
                    first.measured(), k));
        }
        return out;
    }
}
