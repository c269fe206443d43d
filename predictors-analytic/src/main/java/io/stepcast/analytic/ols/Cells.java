package io.stepcast.analytic.ols;

import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The data of a factorial analysis, one row per cell: the numeric factor values, the mean response of
 * the runs in the cell, their sample standard deviation and how many runs there were. Raw data are the
 * special case of one run per row and a standard deviation of zero.
 *
 * @param factors column name to values, every array as long as {@code mean}
 * @param mean    mean response per cell
 * @param sd      sample standard deviation (n - 1 denominator) of the response within each cell
 * @param runs    runs per cell, each at least 1
 */
public record Cells(Map<String, double[]> factors, double[] mean, double[] sd, double[] runs) {
    public Cells {
        int n = mean.length;
        if (sd.length != n || runs.length != n) {
            throw new IllegalArgumentException("mean, sd and runs must have the same length");
        }
        Map<String, double[]> copy = new LinkedHashMap<>();
        factors.forEach((k, v) -> {
            if (v.length != n) {
                throw new IllegalArgumentException("factor " + k + " has " + v.length + " values for " + n + " cells");
            }
            copy.put(k, v.clone());
        });
        factors = Collections.unmodifiableMap(copy);
        mean = mean.clone();
        sd = sd.clone();
        runs = runs.clone();
        for (int i = 0; i < n; i++) {
            if (!(runs[i] >= 1) || runs[i] != Math.rint(runs[i])) {
                throw new IllegalArgumentException("cell " + (i + 1) + ": runs must be a whole number >= 1, was " + runs[i]);
            }
            if (!(sd[i] >= 0) || !Double.isFinite(sd[i])) {
                throw new IllegalArgumentException("cell " + (i + 1) + ": sd must be a finite number >= 0, was " + sd[i]);
            }
            if (!Double.isFinite(mean[i])) {
                throw new IllegalArgumentException("cell " + (i + 1) + ": response must be finite, was " + mean[i]);
            }
        }
    }

    /** Factor values by name (copies). */
    @Override
    public Map<String, double[]> factors() {
        Map<String, double[]> copy = new LinkedHashMap<>();
        factors.forEach((k, v) -> copy.put(k, v.clone()));
        return Collections.unmodifiableMap(copy);
    }

    /** Mean response per cell (a copy). */
    @Override
    public double[] mean() {
        return mean.clone();
    }

    /** Standard deviation per cell (a copy). */
    @Override
    public double[] sd() {
        return sd.clone();
    }

    /** Runs per cell (a copy). */
    @Override
    public double[] runs() {
        return runs.clone();
    }

    /** Raw data: one run per row, no within-row variance. */
    public static Cells raw(Map<String, double[]> factors, double[] response) {
        double[] ones = new double[response.length];
        Arrays.fill(ones, 1);
        return new Cells(factors, response, new double[response.length], ones);
    }

    /** Number of cells (rows). */
    public int size() {
        return mean.length;
    }

    /** Number of runs over all cells: the N of the raw data. */
    public double totalRuns() {
        return Arrays.stream(runs).sum();
    }

    /** Within-cell sum of squares, {@code sum (runs - 1) sd^2}, which no model of the cell means can explain. */
    public double withinSumOfSquares() {
        double s = 0;
        for (int i = 0; i < mean.length; i++) {
            s += (runs[i] - 1) * sd[i] * sd[i];
        }
        return s;
    }

    /** Values of a factor. */
    public double[] factor(String name) {
        double[] v = factors.get(name);
        if (v == null) {
            throw new IllegalArgumentException("no factor '" + name + "' (factors: " + String.join(", ", factors.keySet()) + ")");
        }
        return v.clone();
    }

    /** Names of the factors. */
    public List<String> factorNames() {
        return List.copyOf(factors.keySet());
    }
}
