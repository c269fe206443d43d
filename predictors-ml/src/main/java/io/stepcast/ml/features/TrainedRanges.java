package io.stepcast.ml.features;

import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * The applicability domain of a fitted model's numeric features: each feature's smallest and largest training
 * value, and the check that names the features of a point outside them. A learned model knows nothing past its
 * training rows (a tree repeats its outermost leaf, a linear model in the logarithm grows exponentially), so such a
 * point is answered but flagged. The bounds are strict up to a relative tolerance of {@value #TOLERANCE}, so that a
 * training value recomputed from its configuration (a logarithm, a reciprocal) is never flagged for rounding.
 * Categorical levels are not checked here: a level the training rows lack is refused before any value is computed
 * ({@link FittedFeatures#problem}). Immutable.
 */
final class TrainedRanges {
    /** Relative slack on either bound, for features recomputed in floating point. */
    static final double TOLERANCE = 1e-9;
    private final Feature[] features;
    private final double[] min;
    private final double[] max;

    /**
     * @param features the numeric features, in column order
     * @param min      each feature's smallest training value
     * @param max      each feature's largest training value, at least its {@code min}
     */
    TrainedRanges(Feature[] features, double[] min, double[] max) {
        if (min.length != features.length || max.length != features.length) {
            throw new IllegalArgumentException("trained ranges have " + min.length + " minima and " + max.length
                    + " maxima for " + features.length + " numeric features");
        }
        for (int i = 0; i < features.length; i++) {
            if (!(Double.isFinite(min[i]) && Double.isFinite(max[i]) && min[i] <= max[i])) {
                throw new IllegalArgumentException("trained range of " + features[i].name() + " is not finite and"
                        + " ordered: " + min[i] + " to " + max[i]);
            }
        }
        this.features = features.clone();
        this.min = min.clone();
        this.max = max.clone();
    }

    /** Smallest training value of each numeric feature (a copy). */
    double[] min() {
        return min.clone();
    }

    /** Largest training value of each numeric feature (a copy). */
    double[] max() {
        return max.clone();
    }

    /**
     * One line naming each quantity of {@code values} (the numeric features of one point, in column order) outside
     * its trained range, e.g. {@code workers 64 is outside the trained range 1-8}; several are joined by {@code ;}.
     * Features computed from one quantity ({@code workers} and {@code inv-workers}) name it once, and a product of
     * quantities ({@link Feature#basis()}) only when none of its parts is named. Empty when every value lies within
     * its range.
     */
    Optional<String> outside(double[] values) {
        Map<String, String> byQuantity = new LinkedHashMap<>();
        // Quantities stated directly first, so that a product of parts already named (the global batch of too many
        // workers) is not named again; a product outside its range while each part is inside is named.
        for (boolean direct : new boolean[] {true, false}) {
            for (int i = 0; i < features.length; i++) {
                Feature f = features[i];
                boolean own = f.basis().equals(Set.of(f.quantity()));
                if (own != direct || (!own && f.basis().stream().anyMatch(byQuantity::containsKey))) {
                    continue;
                }
                double slack = TOLERANCE * Math.max(Math.abs(min[i]), Math.abs(max[i]));
                if (values[i] >= min[i] - slack && values[i] <= max[i] + slack) {
                    continue;
                }
                double a = f.inQuantity(min[i]);
                double b = f.inQuantity(max[i]);
                byQuantity.putIfAbsent(f.quantity(), f.quantity() + " " + number(f.inQuantity(values[i]))
                        + " is outside the trained range" + range(Math.min(a, b), Math.max(a, b)));
            }
        }
        return byQuantity.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", byQuantity.values()));
    }

    /** The range as it follows "the trained range": {@code " 1-8"}, or {@code ", 1 only"} for one value. */
    private static String range(double lo, double hi) {
        if (lo == hi) {
            return ", " + number(lo) + " only";
        }
        // "1-8" reads as a range only when neither end has a sign of its own.
        return " " + (lo < 0 ? number(lo) + " to " + number(hi) : number(lo) + "-" + number(hi));
    }

    /** A whole number as it is; otherwise four significant digits, without trailing zeros. */
    static String number(double v) {
        double r = Math.rint(v);
        if (Math.abs(v - r) <= 1e-9 * Math.max(1, Math.abs(v)) && Math.abs(r) < 1e15) {
            return Long.toString((long) r);
        }
        String s = String.format(Locale.ROOT, "%.4g", v);
        if (s.contains("e")) {
            return s;
        }
        return s.contains(".") ? s.replaceAll("0+$", "").replaceAll("\\.$", "") : s;
    }

    /** The ranges of {@code rows} (each the numeric features of one training point, in column order). */
    static TrainedRanges of(Feature[] features, List<double[]> rows) {
        double[] lo = new double[features.length];
        double[] hi = new double[features.length];
        Arrays.fill(lo, Double.POSITIVE_INFINITY);
        Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        for (double[] r : rows) {
            for (int i = 0; i < features.length; i++) {
                lo[i] = Math.min(lo[i], r[i]);
                hi[i] = Math.max(hi[i], r[i]);
            }
        }
        return new TrainedRanges(features, lo, hi);
    }
}
