package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.api.evaluation.Split;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * One independent unit of a suite's accuracy scoring: one estimator fitted once on one split's training
 * side, its predictor scored on every target of the dataset. It holds its split only, and its result
 * depends on nothing but its fields (the estimator's seeds are part of its configuration), so tasks run in
 * any order on any thread. The estimator is fitted through a {@link SplitConformalEstimator} in refit mode: the
 * points are those of the plain fit, bit for bit, and carry a calibrated interval whose coverage the reports
 * measure (a fold whose calibration part is too small for the level gives points without an interval). Each point
 * also keeps the plain fit's own interval where it has one (its native interval: a quantile forest's, the
 * simulation's range over its seeds), read from the same prediction that gave the point, so measuring it costs no
 * fit and no prediction more.
 *
 * @param dataset  dataset name
 * @param protocol protocol name
 * @param split    the fold, with its profiles attached
 * @param label    predictor label
 * @param estimator the configured estimator
 * @param targets  the dataset's targets, in the suite's order
 * @param chart    what the same fit also predicts for the scaling charts ({@link ScalingGrid}); empty for most splits
 */
record HoldOutTask(String dataset, String protocol, Split split, String label, Estimator estimator,
                   List<Target> targets, List<ScalingGrid.Request> chart) {
    /**
     * One calibration split (one extra fit on three quarters of the jobs), not cross-conformal folds: the
     * coverage of every leaderboard entry at a cost a suite can carry.
     */
    private static final UnaryOperator<Estimator> CONFORMAL = e ->
            new SplitConformalEstimator(e).withHyperParameters(Map.of(SplitConformalEstimator.PREFIX + "folds",
                    "1"));

    HoldOutTask {
        targets = List.copyOf(targets);
        chart = List.copyOf(chart);
    }

    /** A task that predicts nothing for the charts. */
    HoldOutTask(String dataset, String protocol, Split split, String label, Estimator estimator,
                List<Target> targets) {
        this(dataset, protocol, split, label, estimator, targets, List.of());
    }

    /** The scored points of each target, in the order of {@link #targets}. */
    List<List<ScoredPoint>> run() {
        return runWithChart().points();
    }

    /** The scored points of each target and the answers to the {@link #chart} requests, in their order. */
    HoldOutScorer.Scored runWithChart() {
        return HoldOutScorer.score(dataset, protocol, split, label, CONFORMAL.apply(estimator), targets,
                chart.stream().map(r -> new HoldOutScorer.Query(r.config(), r.target())).toList());
    }

    /** The scaling points of the answers to the {@link #chart} requests, in their order. */
    List<ScalingPoint> scaling(List<Prediction> answers) {
        List<ScalingPoint> out = new ArrayList<>(chart.size());
        for (int i = 0; i < chart.size(); i++) {
            ScalingGrid.Request r = chart.get(i);
            out.add(new ScalingPoint(dataset, protocol, split.id(), label, r.target(), r.config(), r.source(),
                    r.replication(), r.role(), r.measured(), answers.get(i)));
        }
        return out;
    }
}
