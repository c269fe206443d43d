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
 *
 * <p>Published tables are sparse inside their range too (1 and 8 GPUs, 4 held out). A tree splits such a gap at one
 * threshold and answers every point in it with the leaf of one side, so where a feature took at most
 * {@value #MAX_SEEN} distinct training values they are kept, and a point strictly between two neighbouring ones
 * more than a factor of {@value #GAP_RATIO} apart (more than one doubling of the quantity missing) is flagged too:
 * {@code workers 4 lies between the trained values 1 and 8}. Worker counts trained at every power of two are not.
 * Categorical levels are not checked here: a level the training rows lack is refused before any value is computed
 * ({@link FittedFeatures#problem}). Immutable.
 */
final class TrainedRanges {
    /** Relative slack on either bound, for features recomputed in floating point. */
    static final double TOLERANCE = 1e-9;
    /** Most distinct training values of a feature that are kept for the gap check; more read as a continuum. */
    static final int MAX_SEEN = 32;
    /** Neighbouring trained values further apart than this factor leave a gap a point is flagged in. */
    static final double GAP_RATIO = 2.0;
    private final Feature[] features;
    private final double[] min;
    private final double[] max;
    /** Each feature's distinct training values, ascending, or null when it took more than MAX_SEEN; null if unknown. */
    private final double[][] seen;
    /** {@link #seen} in each feature's quantity, ascending, for the gap check of every point (computed once). */
    private final double[][] seenQuantities;

    /**
     * @param features the numeric features, in column order
     * @param min      each feature's smallest training value
     * @param max      each feature's largest training value, at least its {@code min}
     * @param seen     each feature's distinct training values in ascending order (null for a feature that took more
     *                 than {@value #MAX_SEEN}), or null when they are unknown (a model saved before they were kept:
     *                 no gap is flagged)
     */
    TrainedRanges(Feature[] features, double[] min, double[] max, double[][] seen) {
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
        if (seen != null && seen.length != features.length) {
            throw new IllegalArgumentException("trained values are given for " + seen.length + " of "
                    + features.length + " numeric features");
        }
        this.features = features.clone();
        this.min = min.clone();
        this.max = max.clone();
        this.seen = seen == null ? null : new double[features.length][];
        this.seenQuantities = seen == null ? null : new double[features.length][];
        for (int i = 0; seen != null && i < features.length; i++) {
            this.seen[i] = seen[i] == null ? null : checkedSeen(features[i], seen[i], min[i], max[i]);
            Feature f = features[i];
            this.seenQuantities[i] = seen[i] == null ? null
                    : Arrays.stream(this.seen[i]).map(f::inQuantity).sorted().toArray();
        }
    }

    private static double[] checkedSeen(Feature f, double[] values, double lo, double hi) {
        if (values.length == 0 || values.length > MAX_SEEN) {
            throw new IllegalArgumentException("trained values of " + f.name() + " number " + values.length
                    + ", not 1 to " + MAX_SEEN);
        }
        for (int j = 0; j < values.length; j++) {
            if (!Double.isFinite(values[j]) || (j > 0 && values[j] <= values[j - 1])
                    || values[j] < lo || values[j] > hi) {
                throw new IllegalArgumentException("trained values of " + f.name() + " are not ascending, distinct"
                        + " and within " + lo + " to " + hi);
            }
        }
        return values.clone();
    }

    /** Smallest training value of each numeric feature (a copy). */
    double[] min() {
        return min.clone();
    }

    /** Largest training value of each numeric feature (a copy). */
    double[] max() {
        return max.clone();
    }

    /** Each feature's distinct training values as {@link #TrainedRanges} takes them (a deep copy), or null. */
    double[][] seen() {
        if (seen == null) {
            return null;
        }
        double[][] copy = new double[seen.length][];
        for (int i = 0; i < seen.length; i++) {
            copy[i] = seen[i] == null ? null : seen[i].clone();
        }
        return copy;
    }

    /**
     * One line naming each quantity of {@code values} (the numeric features of one point, in column order) outside
     * its trained range, e.g. {@code workers 64 is outside the trained range 1-8}, or in a gap of its trained values,
     * e.g. {@code workers 4 lies between the trained values 1 and 8}; several are joined by {@code ;}. Features
     * computed from one quantity ({@code workers} and {@code inv-workers}) name it once, and a product of quantities
     * ({@link Feature#basis()}) only when none of its parts is named; gaps are checked for quantities stated
     * directly. Empty when every value lies within its range and no gap.
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
        for (int i = 0; seen != null && i < features.length; i++) {
            Feature f = features[i];
            if (seen[i] != null && f.basis().equals(Set.of(f.quantity())) && !byQuantity.containsKey(f.quantity())) {
                gap(f, seenQuantities[i], values[i]).ifPresent(g -> byQuantity.put(f.quantity(), g));
            }
        }
        return byQuantity.isEmpty() ? Optional.empty() : Optional.of(String.join("; ", byQuantity.values()));
    }

    /**
     * The gap {@code value} of {@code f} lies in, in the quantity's words, if its neighbouring trained values among
     * {@code q} (the trained values in the quantity, ascending; both positive) are more than {@link #GAP_RATIO} apart;
     * empty on or near a trained value and in a narrow gap.
     */
    private static Optional<String> gap(Feature f, double[] q, double value) {
        double v = f.inQuantity(value);
        for (int j = 1; j < q.length; j++) {
            double lo = q[j - 1];
            double hi = q[j];
            double slack = TOLERANCE * Math.max(Math.abs(lo), Math.abs(hi));
            if (v > lo + slack && v < hi - slack) {
                return lo > 0 && hi > GAP_RATIO * lo
                        ? Optional.of(f.quantity() + " " + number(v) + " lies between the trained values "
                                + number(lo) + " and " + number(hi))
                        : Optional.empty();
            }
        }
        return Optional.empty();
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

    /**
     * The ranges and trained values of {@code rows} (each the numeric features of one training point, in column
     * order).
     */
    static TrainedRanges of(Feature[] features, List<double[]> rows) {
        double[] lo = new double[features.length];
        double[] hi = new double[features.length];
        Arrays.fill(lo, Double.POSITIVE_INFINITY);
        Arrays.fill(hi, Double.NEGATIVE_INFINITY);
        double[][] seen = new double[features.length][];
        for (int i = 0; i < features.length; i++) {
            int column = i;
            double[] distinct = rows.stream().mapToDouble(r -> r[column]).sorted().distinct().toArray();
            seen[i] = distinct.length <= MAX_SEEN ? distinct : null;
            for (double[] r : rows) {
                lo[i] = Math.min(lo[i], r[i]);
                hi[i] = Math.max(hi[i], r[i]);
            }
        }
        return new TrainedRanges(features, lo, hi, seen);
    }
}
