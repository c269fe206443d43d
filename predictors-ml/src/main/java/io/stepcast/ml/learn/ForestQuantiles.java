package io.stepcast.ml.learn;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
import java.util.Comparator;
import java.util.stream.IntStream;

/**
 * Conditional quantiles of a tree ensemble, as a quantile regression forest (Meinshausen, "Quantile Regression
 * Forests", JMLR 7, 2006, equations (4) and (6)): every training row is dropped down every tree; for an input
 * {@code x} row {@code i} weighs {@code w_i(x) = 1/T sum_t 1{i in leaf_t(x)} / |leaf_t(x)|}, the conditional
 * distribution is {@code F(y | x) = sum_i w_i(x) 1{y_i <= y}} and the quantile at level {@code tau} is the
 * smallest training target with {@code F >= tau}. The leaves keep all training rows, not only a tree's
 * bootstrap sample, as in the paper. Works in the model's learned units (transformed, standardised target);
 * quantiles commute with the monotone back-transform. Immutable and thread-safe.
 */
final class ForestQuantiles {
    private final CompiledTrees trees;
    /** Encoded training inputs, ordered as {@link #targets}. */
    private final double[][] inputs;
    /** Training targets in learned units, ascending. */
    private final double[] targets;
    /** Per node: the first entry of its rows in {@link #members}, or -1 when no training row ends there. */
    private final int[] leafStart;
    private final int[] leafSize;
    /** Row indices (into {@link #targets}) grouped by leaf. */
    private final int[] members;

    private ForestQuantiles(CompiledTrees trees, double[][] inputs, double[] targets) {
        this.trees = trees;
        this.inputs = inputs;
        this.targets = targets;
        int nodes = trees.nodes();
        int n = targets.length;
        int[][] leafOf = new int[trees.trees()][n];
        int[] size = new int[nodes];
        for (int t = 0; t < trees.trees(); t++) {
            for (int i = 0; i < n; i++) {
                leafOf[t][i] = trees.leaf(t, inputs[i]);
                size[leafOf[t][i]]++;
            }
        }
        int[] start = new int[nodes];
        int next = 0;
        for (int node = 0; node < nodes; node++) {
            start[node] = size[node] == 0 ? -1 : next;
            next += size[node];
        }
        int[] fill = new int[nodes];
        int[] m = new int[next];
        for (int t = 0; t < trees.trees(); t++) {
            for (int i = 0; i < n; i++) {
                int leaf = leafOf[t][i];
                m[start[leaf] + fill[leaf]++] = i;
            }
        }
        this.leafStart = start;
        this.leafSize = size;
        this.members = m;
    }

    /**
     * The quantile forest of {@code trees} over the training rows.
     *
     * @param inputs  encoded training inputs, one row per observation
     * @param targets the learned (transformed, standardised) training targets, same order
     */
    static ForestQuantiles of(CompiledTrees trees, double[][] inputs, double[] targets) {
        if (inputs.length != targets.length || inputs.length == 0) {
            throw new IllegalArgumentException(inputs.length + " inputs for " + targets.length + " targets");
        }
        Integer[] order = IntStream.range(0, targets.length).boxed().toArray(Integer[]::new);
        Arrays.sort(order, Comparator.comparingDouble(i -> targets[i]));
        double[][] x = new double[order.length][];
        double[] y = new double[order.length];
        for (int k = 0; k < order.length; k++) {
            x[k] = inputs[order[k]].clone();
            y[k] = targets[order[k]];
        }
        return new ForestQuantiles(trees, x, y);
    }

    /**
     * For the encoded input {@code x}, in learned units: the trees' average (bit for bit
     * {@link CompiledTrees#predict}, from the same walk), the conditional quantiles at {@code lower} and
     * {@code upper} (levels in [0, 1], lower first), and the number of training rows with a positive weight
     * (a single tree: its leaf's size), NaN where no tree has a training row in its leaf.
     */
    double[] interval(double[] x, double lower, double upper) {
        double[] w = new double[targets.length];
        int counted = 0;
        int support = 0;
        double sum = 0;
        for (int t = 0; t < trees.trees(); t++) {
            int leaf = trees.leaf(t, x);
            sum += trees.leafValue(leaf);
            int size = leafSize[leaf];
            if (size == 0) {
                // A leaf no training row reaches (Tribuo fits each member on a resample): the tree abstains.
                continue;
            }
            counted++;
            for (int k = leafStart[leaf]; k < leafStart[leaf] + size; k++) {
                support += w[members[k]] == 0 ? 1 : 0;
                w[members[k]] += 1.0 / size;
            }
        }
        double mean = sum / trees.trees();
        if (counted == 0) {
            return new double[] {mean, Double.NaN, Double.NaN, Double.NaN};
        }
        double lo = Double.NaN;
        double cumulative = 0;
        for (int i = 0; i < w.length; i++) {
            cumulative += w[i] / counted;
            if (Double.isNaN(lo) && cumulative >= lower - 1e-12) {
                lo = targets[i];
            }
            if (cumulative >= upper - 1e-12) {
                return new double[] {mean, lo, targets[i], support};
            }
        }
        return new double[] {mean, lo, targets[targets.length - 1], support};
    }

    /**
     * The highest level an interval between the smallest and the largest of {@code n} exchangeable draws holds a
     * further draw with: {@code (n - 1) / (n + 1)} (the new draw is equally likely to take each of the
     * {@code n + 1} ranks, and falls outside the range at the two ends; Wilks, "Determination of Sample Sizes for
     * Setting Tolerance Limits", Ann. Math. Statist. 12, 1941). An interval of empirical quantiles from
     * {@code n} rows cannot promise more, whatever levels were asked.
     */
    static double attainableLevel(double n) {
        return n >= 1 ? (n - 1) / (n + 1) : 0;
    }

    /** Writes the training rows (the leaves are rebuilt from them and the trees when read). */
    void write(DataOutput out) throws IOException {
        out.writeInt(targets.length);
        out.writeInt(targets.length == 0 ? 0 : inputs[0].length);
        for (int i = 0; i < targets.length; i++) {
            out.writeDouble(targets[i]);
            for (double v : inputs[i]) {
                out.writeDouble(v);
            }
        }
    }

    /**
     * Reads rows written by {@link #write} for {@code trees} over {@code width} columns.
     *
     * @throws IOException when the sizes do not fit or the targets are not ascending
     */
    static ForestQuantiles read(DataInput in, CompiledTrees trees, int width, int maxRows) throws IOException {
        int n = in.readInt();
        int w = in.readInt();
        if (n <= 0 || n > maxRows || w != width) {
            throw new IOException("quantile forest of " + n + " rows over " + w + " columns (expected " + width + ")");
        }
        double[][] x = new double[n][w];
        double[] y = new double[n];
        for (int i = 0; i < n; i++) {
            y[i] = in.readDouble();
            if (i > 0 && !(y[i] >= y[i - 1])) {
                throw new IOException("quantile forest targets are not ascending at row " + i);
            }
            for (int j = 0; j < w; j++) {
                x[i][j] = in.readDouble();
            }
        }
        return new ForestQuantiles(trees, x, y);
    }
}
