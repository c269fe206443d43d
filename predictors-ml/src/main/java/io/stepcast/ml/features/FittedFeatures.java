package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * The columns of a fitted model and how a configuration becomes a standardised input vector:
 * numeric features first, then one column per level of each categorical feature with two or more
 * training levels; every column is centred on its training mean and divided by its training standard
 * deviation (population form). Immutable.
 */
public final class FittedFeatures {
    private final List<String> numeric;
    private final Map<String, List<String>> levels;
    private final double[] mean;
    private final double[] sd;
    private final List<String> columns;

    /**
     * @param numeric numeric feature names in column order
     * @param levels  categorical feature name to its sorted training levels
     * @param mean    column means, or null before standardisation is known
     * @param sd      column standard deviations (never 0), or null
     */
    public FittedFeatures(List<String> numeric, Map<String, List<String>> levels, double[] mean, double[] sd) {
        this.numeric = List.copyOf(numeric);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        levels.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        this.levels = java.util.Collections.unmodifiableMap(copy);
        List<String> cols = new ArrayList<>(this.numeric);
        this.levels.forEach((k, v) -> {
            if (v.size() > 1) {
                v.forEach(level -> cols.add(k + "=" + level));
            }
        });
        this.columns = List.copyOf(cols);
        for (String n : this.numeric) {
            Features.numeric(n).orElseThrow(() -> new IllegalArgumentException("unknown numeric feature '" + n + "'"));
        }
        for (String n : this.levels.keySet()) {
            Features.categorical(n).orElseThrow(() -> new IllegalArgumentException("unknown categorical feature '" + n + "'"));
        }
        if ((mean == null) != (sd == null)) {
            throw new IllegalArgumentException("mean and sd must both be given");
        }
        if (mean != null && (mean.length != columns.size() || sd.length != columns.size())) {
            throw new IllegalArgumentException("standardisation has " + mean.length + " means and " + sd.length
                    + " deviations for " + columns.size() + " columns");
        }
        this.mean = mean == null ? null : mean.clone();
        this.sd = sd == null ? null : sd.clone();
    }

    /** Number of columns. */
    public int width() {
        return columns.size();
    }

    /** Column names ({@code name} or {@code family=level}). */
    public List<String> columns() {
        return columns;
    }

    /** Numeric feature names in column order. */
    public List<String> numeric() {
        return numeric;
    }

    /** Categorical features and their training levels. */
    public Map<String, List<String>> levels() {
        return levels;
    }

    /** Column means (a copy). */
    public double[] mean() {
        return mean.clone();
    }

    /** Column standard deviations (a copy). */
    public double[] sd() {
        return sd.clone();
    }

    /**
     * The reason {@code config} cannot be encoded (a feature unavailable, a categorical level unseen in
     * training), or null when it can.
     */
    public String problem(Config config) {
        for (String n : numeric) {
            if (!Double.isFinite(Features.numeric(n).orElseThrow().value(config))) {
                return "feature " + n + " is not available for " + config.model();
            }
        }
        for (var e : levels.entrySet()) {
            String level = Features.categorical(e.getKey()).orElseThrow().levelOf(config);
            if (!e.getValue().contains(level)) {
                return e.getKey() + " '" + level + "' was not in the training data (seen: "
                        + String.join(", ", e.getValue()) + ")";
            }
        }
        return null;
    }

    /** The unstandardised column values; call only when {@link #problem} is null. */
    double[] raw(Config config) {
        double[] x = new double[columns.size()];
        int j = 0;
        for (String n : numeric) {
            x[j++] = Features.numeric(n).orElseThrow().value(config);
        }
        for (var e : levels.entrySet()) {
            if (e.getValue().size() > 1) {
                String level = Features.categorical(e.getKey()).orElseThrow().levelOf(config);
                for (String l : e.getValue()) {
                    x[j++] = l.equals(level) ? 1.0 : 0.0;
                }
            }
        }
        return x;
    }

    /** The standardised input vector; call only when {@link #problem} is null. */
    public double[] encode(Config config) {
        double[] x = raw(config);
        for (int j = 0; j < x.length; j++) {
            x[j] = (x[j] - mean[j]) / sd[j];
        }
        return x;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof FittedFeatures f && numeric.equals(f.numeric) && levels.equals(f.levels)
                && Arrays.equals(mean, f.mean) && Arrays.equals(sd, f.sd);
    }

    @Override
    public int hashCode() {
        return Objects.hash(numeric, levels, Arrays.hashCode(mean), Arrays.hashCode(sd));
    }

    @Override
    public String toString() {
        return "FittedFeatures" + columns;
    }
}
