package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The columns of a fitted model and how a configuration becomes a standardised input vector:
 * numeric features first, then one column per level of each categorical feature with two or more
 * training levels; every column is centred on its training mean and divided by its training standard
 * deviation (population form). It also keeps each numeric feature's training range ({@link TrainedRanges}), so that
 * a point outside it is flagged as an extrapolation ({@link #extrapolation}); a model saved before ranges were kept
 * has none and flags nothing. Immutable.
 */
public final class FittedFeatures {
    private final List<String> numeric;
    private final Map<String, List<String>> levels;
    private final double[] mean;
    private final double[] sd;
    private final List<String> columns;
    private final Feature[] numericFeatures;
    private final CategoricalFeature[] categoricalFeatures;
    private final List<List<String>> categoricalLevels;
    /** The numeric features' training ranges, or null when unknown (a model saved without them). */
    private final TrainedRanges ranges;

    /**
     * @param numeric numeric feature names in column order
     * @param levels  categorical feature name to its sorted training levels
     * @param mean    column means, or null before standardisation is known
     * @param sd      column standard deviations (never 0), or null
     */
    public FittedFeatures(List<String> numeric, Map<String, List<String>> levels, double[] mean, double[] sd) {
        this(numeric, levels, mean, sd, null, null);
    }

    /**
     * @param numeric numeric feature names in column order
     * @param levels  categorical feature name to its sorted training levels
     * @param mean    column means, or null before standardisation is known
     * @param sd      column standard deviations (never 0), or null
     * @param min     each numeric feature's smallest training value, or null when unknown
     * @param max     each numeric feature's largest training value, or null when unknown
     */
    public FittedFeatures(List<String> numeric, Map<String, List<String>> levels, double[] mean, double[] sd,
                          double[] min, double[] max) {
        this(numeric, levels, mean, sd, min, max, null);
    }

    /**
     * @param numeric numeric feature names in column order
     * @param levels  categorical feature name to its sorted training levels
     * @param mean    column means, or null before standardisation is known
     * @param sd      column standard deviations (never 0), or null
     * @param min     each numeric feature's smallest training value, or null when unknown
     * @param max     each numeric feature's largest training value, or null when unknown
     * @param seen    each numeric feature's distinct training values, ascending (null for one that took too many to
     *                keep, {@link #trainedValues()}), or null when unknown; only with {@code min} and {@code max}
     */
    public FittedFeatures(List<String> numeric, Map<String, List<String>> levels, double[] mean, double[] sd,
                          double[] min, double[] max, double[][] seen) {
        this.numeric = List.copyOf(numeric);
        Map<String, List<String>> copy = new LinkedHashMap<>();
        levels.forEach((k, v) -> copy.put(k, List.copyOf(v)));
        this.levels = Collections.unmodifiableMap(copy);
        List<String> cols = new ArrayList<>(this.numeric);
        this.levels.forEach((k, v) -> {
            if (v.size() > 1) {
                v.forEach(level -> cols.add(k + "=" + level));
            }
        });
        this.columns = List.copyOf(cols);
        this.numericFeatures = this.numeric.stream().map(n -> Features.numeric(n).orElseThrow(
                () -> new IllegalArgumentException("unknown numeric feature '" + n + "'"))).toArray(Feature[]::new);
        this.categoricalFeatures = this.levels.keySet().stream().map(n -> Features.categorical(n).orElseThrow(
                () -> new IllegalArgumentException("unknown categorical feature '" + n + "'")))
                .toArray(CategoricalFeature[]::new);
        this.categoricalLevels = List.copyOf(this.levels.values());
        if ((mean == null) != (sd == null)) {
            throw new IllegalArgumentException("mean and sd must both be given");
        }
        if (mean != null && (mean.length != columns.size() || sd.length != columns.size())) {
            throw new IllegalArgumentException("standardisation has " + mean.length + " means and " + sd.length
                    + " deviations for " + columns.size() + " columns");
        }
        this.mean = mean == null ? null : mean.clone();
        this.sd = sd == null ? null : sd.clone();
        if ((min == null) != (max == null)) {
            throw new IllegalArgumentException("trained minima and maxima must both be given");
        }
        if (seen != null && min == null) {
            throw new IllegalArgumentException("trained values need the trained ranges");
        }
        this.ranges = min == null ? null : new TrainedRanges(numericFeatures, min, max, seen);
    }

    /** The same encoding with the numeric features' ranges over {@code training} (the configurations it was fitted on). */
    FittedFeatures withRangesOf(List<Config> training) {
        List<double[]> rows = training.stream().map(c -> Arrays.copyOf(raw(c), numericFeatures.length)).toList();
        TrainedRanges r = TrainedRanges.of(numericFeatures, rows);
        return new FittedFeatures(numeric, levels, mean, sd, r.min(), r.max(), r.seen());
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

    /** Whether it knows the numeric features' training ranges (a model saved before they were kept does not). */
    public boolean hasRanges() {
        return ranges != null;
    }

    /** Each numeric feature's smallest training value (a copy); only when {@link #hasRanges()}. */
    public double[] min() {
        return ranges.min();
    }

    /** Each numeric feature's largest training value (a copy); only when {@link #hasRanges()}. */
    public double[] max() {
        return ranges.max();
    }

    /**
     * Each numeric feature's distinct training values, ascending, as kept for the check of gaps inside a range
     * ({@link TrainedRanges}): null for a feature that took too many, and null altogether when they are unknown (a
     * model saved before they were kept, or without ranges). A deep copy.
     */
    public double[][] trainedValues() {
        return ranges == null ? null : ranges.seen();
    }

    /**
     * Why {@code config} is an extrapolation: the quantities whose features lie outside their training range, in the
     * user's words ({@code workers 64 is outside the trained range 1-8}), or in a wide gap between two trained values
     * ({@code workers 4 lies between the trained values 1 and 8}); empty otherwise or when the ranges are
     * unknown. Call only when {@link #problem} is null (an unseen categorical level is refused there, not flagged).
     */
    public Optional<String> extrapolation(Config config) {
        if (ranges == null) {
            return Optional.empty();
        }
        double[] values = new double[numericFeatures.length];
        for (int i = 0; i < values.length; i++) {
            values[i] = numericFeatures[i].value(config);
        }
        return ranges.outside(values);
    }

    /**
     * The reason {@code config} cannot be encoded (a feature unavailable, a categorical level unseen in
     * training), or null when it can.
     */
    public String problem(Config config) {
        for (Feature f : numericFeatures) {
            if (!Double.isFinite(f.value(config))) {
                return "feature " + f.name() + " is not available for " + config.model();
            }
        }
        for (int i = 0; i < categoricalFeatures.length; i++) {
            String level = categoricalFeatures[i].levelOf(config);
            if (!categoricalLevels.get(i).contains(level)) {
                return categoricalFeatures[i].name() + " '" + level + "' was not in the training data (seen: "
                        + String.join(", ", categoricalLevels.get(i)) + ")";
            }
        }
        return null;
    }

    /** The unstandardised column values; call only when {@link #problem} is null. */
    double[] raw(Config config) {
        double[] x = new double[columns.size()];
        int j = 0;
        for (Feature f : numericFeatures) {
            x[j++] = f.value(config);
        }
        for (int i = 0; i < categoricalFeatures.length; i++) {
            List<String> known = categoricalLevels.get(i);
            if (known.size() > 1) {
                String level = categoricalFeatures[i].levelOf(config);
                for (String l : known) {
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
                && Arrays.equals(mean, f.mean) && Arrays.equals(sd, f.sd) && hasRanges() == f.hasRanges()
                && (!hasRanges() || Arrays.equals(min(), f.min()) && Arrays.equals(max(), f.max())
                && Arrays.deepEquals(trainedValues(), f.trainedValues()));
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
