package io.stepcast.analytic;

import io.stepcast.analytic.ols.Cells;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * SYNTHETIC raw runs for unit tests of the mechanics: for each cell, {@code runs} values whose sample mean
 * and standard deviation are exactly the cell's (half the runs at mean - a, half at mean + a, the odd one
 * at the mean). Not measurements.
 */
final class SyntheticRuns {
    private SyntheticRuns() {
    }

    /** Expands cells into raw runs with the same per-cell mean and sd. */
    static Cells expand(Cells cells) {
        List<Double> y = new ArrayList<>();
        Map<String, List<Double>> f = new LinkedHashMap<>();
        cells.factorNames().forEach(n -> f.put(n, new ArrayList<>()));
        for (int i = 0; i < cells.size(); i++) {
            int n = (int) cells.runs()[i];
            double m = cells.mean()[i];
            int pairs = n / 2;
            // sum of squared deviations = 2 * pairs * a^2 = (n - 1) sd^2
            double a = pairs == 0 ? 0 : cells.sd()[i] * Math.sqrt((n - 1) / (2.0 * pairs));
            for (int k = 0; k < n; k++) {
                double v = k < pairs ? m - a : k < 2 * pairs ? m + a : m;
                y.add(v);
                for (String name : cells.factorNames()) {
                    f.get(name).add(cells.factors().get(name)[i]);
                }
            }
        }
        Map<String, double[]> factors = new LinkedHashMap<>();
        f.forEach((k, v) -> factors.put(k, v.stream().mapToDouble(Double::doubleValue).toArray()));
        return Cells.raw(factors, y.stream().mapToDouble(Double::doubleValue).toArray());
    }
}
