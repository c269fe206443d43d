package io.stepcast.evaluation.report;

import io.stepcast.evaluation.metrics.ScoredPoint;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The peak device memory per GPU the predictors that estimate memory ({@link io.stepcast.api.PeakMemory}) gave the
 * held-out configurations they answered, per dataset, protocol, predictor and model: how many points carry an
 * estimate, and the smallest and largest. Points without an estimate are left out (absent, never zero); a run
 * whose predictors estimate no memory has no rows.
 */
final class PeakMemoryTable {
    private PeakMemoryTable() {
    }

    /**
     * One group of points.
     *
     * @param n        points with an estimate
     * @param minBytes the smallest estimate, bytes
     * @param maxBytes the largest estimate, bytes
     */
    record Row(String dataset, String protocol, String predictor, String target, String model, int n, double minBytes,
               double maxBytes) {
    }

    /** The rows, in the order of the points. */
    static List<Row> of(List<ScoredPoint> points) {
        Map<List<String>, double[]> groups = new LinkedHashMap<>();
        for (ScoredPoint p : points) {
            if (p.peakMemoryBytes().isEmpty()) {
                continue;
            }
            double bytes = p.peakMemoryBytes().getAsDouble();
            double[] g = groups.computeIfAbsent(List.of(p.dataset(), p.protocol(), p.predictor(), p.target().label(),
                    p.model()), k -> new double[] {0, Double.POSITIVE_INFINITY, Double.NEGATIVE_INFINITY});
            g[0]++;
            g[1] = Math.min(g[1], bytes);
            g[2] = Math.max(g[2], bytes);
        }
        List<Row> out = new ArrayList<>(groups.size());
        groups.forEach((k, g) -> out.add(new Row(k.get(0), k.get(1), k.get(2), k.get(3), k.get(4), (int) g[0], g[1],
                g[2])));
        return out;
    }
}
