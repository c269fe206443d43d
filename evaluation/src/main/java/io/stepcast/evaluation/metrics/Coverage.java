package io.stepcast.evaluation.metrics;

import io.stepcast.api.Prediction;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * Measured coverage of prediction intervals: per dataset, protocol, predictor, target and kind of interval, the
 * share of held-out points whose measured value lies inside their interval, next to the nominal level the
 * intervals state. Coverage is measured, not assumed (a split-conformal interval promises at least its level only
 * on average over calibration draws, and only when the held-out points are exchangeable with the calibration
 * points; a quantile forest's interval is asymptotic; the simulation's range over its seeds states no level).
 *
 * @param dataset   dataset name
 * @param protocol  protocol name
 * @param predictor predictor label
 * @param target    target label
 * @param interval  which interval of the points is measured
 * @param n         predicted points with an interval of this kind
 * @param stated    of those, the points whose interval states its level (a quantile forest states none where its
 *                  leaves hold too few rows for the level)
 * @param points    predicted points, with or without an interval
 * @param covered   share of the {@code n} points inside their interval, NaN when {@code n = 0}
 * @param nominal   the level the intervals state (their mean when they differ), empty when none is stated
 * @param meanWidth mean interval width relative to the point, {@code (upper - lower) / |value|}, NaN when none
 */
public record Coverage(String dataset, String protocol, String predictor, String target, Interval interval, int n,
                       int stated, int points, double covered, OptionalDouble nominal, double meanWidth) {

    /** Which of a scored point's intervals a row measures. */
    public enum Interval {
        /** The interval of the scored prediction: in a suite, split conformal around the predictor. */
        CONFORMAL(p -> p.prediction() instanceof Prediction.Value v ? Optional.of(v) : Optional.empty()),
        /** The predictor's own interval, without the conformal wrapper ({@link ScoredPoint#nativeInterval()}). */
        NATIVE(ScoredPoint::nativeInterval);

        private final Function<ScoredPoint, Optional<Prediction.Value>> of;

        Interval(Function<ScoredPoint, Optional<Prediction.Value>> of) {
            this.of = of;
        }

        /** The name in results.json and the reports: {@code conformal} or {@code native}. */
        public String label() {
            return name().toLowerCase(Locale.ROOT);
        }
    }

    /**
     * The coverage of every group of {@code scored} that has at least one predicted point, in first-seen order:
     * the conformal row of each group, then its native row when some of its points have a native interval (a
     * predictor without one has no native row).
     */
    public static List<Coverage> of(List<ScoredPoint> scored) {
        Map<List<String>, List<ScoredPoint>> groups = new LinkedHashMap<>();
        for (ScoredPoint p : scored) {
            if (p.prediction().isValue()) {
                groups.computeIfAbsent(List.of(p.dataset(), p.protocol(), p.predictor(), p.target().label()),
                        k -> new ArrayList<>()).add(p);
            }
        }
        List<Coverage> out = new ArrayList<>();
        groups.forEach((k, list) -> {
            out.add(measure(k, list, Interval.CONFORMAL));
            Coverage own = measure(k, list, Interval.NATIVE);
            if (own.n() > 0) {
                out.add(own);
            }
        });
        return out;
    }

    private static Coverage measure(List<String> k, List<ScoredPoint> list, Interval kind) {
        int n = 0;
        int inside = 0;
        int stated = 0;
        double level = 0;
        double width = 0;
        int widths = 0;
        for (ScoredPoint p : list) {
            Optional<Prediction.Value> interval = kind.of.apply(p);
            if (interval.isEmpty() || interval.get().lower().isEmpty()) {
                continue;
            }
            Prediction.Value v = interval.get();
            n++;
            if (v.covers(p.measured())) {
                inside++;
            }
            if (v.coverage().isPresent()) {
                // The level itself when every interval states the same one (a mean would print 0.8999...).
                level = stated == 0 || level == v.coverage().getAsDouble() ? v.coverage().getAsDouble()
                        : (level * stated + v.coverage().getAsDouble()) / (stated + 1);
                stated++;
            }
            double w = (v.upper().getAsDouble() - v.lower().getAsDouble()) / Math.abs(v.value());
            if (Double.isFinite(w)) {
                width += w;
                widths++;
            }
        }
        return new Coverage(k.get(0), k.get(1), k.get(2), k.get(3), kind, n, stated, list.size(),
                n == 0 ? Double.NaN : (double) inside / n,
                stated == 0 ? OptionalDouble.empty() : OptionalDouble.of(level),
                widths == 0 ? Double.NaN : width / widths);
    }
}
