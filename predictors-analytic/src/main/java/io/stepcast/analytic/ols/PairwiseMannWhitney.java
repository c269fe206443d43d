package io.stepcast.analytic.ols;

import org.apache.commons.math3.stat.inference.MannWhitneyUTest;

import java.util.ArrayList;
import java.util.List;
import java.util.TreeMap;

/**
 * Pairwise Mann-Whitney U tests per factor level (Mann and Whitney, Ann. Math. Statist. 18, 1947), as
 * Courier's study runs them to check that each factor's levels differ without assuming normal residuals:
 * for every factor and every pair of its levels, the responses of the raw runs at one level against those
 * at the other, pooled over the other factors. Only raw runs qualify: a rank test needs the individual
 * values, which cell means and standard deviations do not give back.
 */
public final class PairwiseMannWhitney {
    private PairwiseMannWhitney() {
    }

    /**
     * Every pair of levels of every named factor, levels in ascending order.
     *
     * @throws IllegalArgumentException when the cells aggregate several runs
     */
    public static List<PairwiseTest> tests(Cells raw, List<String> factors) {
        for (double r : raw.runs()) {
            if (r != 1) {
                throw new IllegalArgumentException("Mann-Whitney tests need raw runs, not cells of several runs");
            }
        }
        MannWhitneyUTest test = new MannWhitneyUTest();
        List<PairwiseTest> out = new ArrayList<>();
        double[] y = raw.mean();
        for (String f : factors) {
            double[] v = raw.factor(f);
            TreeMap<Double, List<Double>> byLevel = new TreeMap<>();
            for (int i = 0; i < v.length; i++) {
                byLevel.computeIfAbsent(v[i], k -> new ArrayList<>()).add(y[i]);
            }
            List<Double> levels = new ArrayList<>(byLevel.keySet());
            for (int a = 0; a < levels.size(); a++) {
                for (int b = a + 1; b < levels.size(); b++) {
                    double[] xa = byLevel.get(levels.get(a)).stream().mapToDouble(Double::doubleValue).toArray();
                    double[] xb = byLevel.get(levels.get(b)).stream().mapToDouble(Double::doubleValue).toArray();
                    out.add(new PairwiseTest(f, levels.get(a), levels.get(b), xa.length, xb.length,
                            test.mannWhitneyU(xa, xb), test.mannWhitneyUTest(xa, xb)));
                }
            }
        }
        return out;
    }
}
