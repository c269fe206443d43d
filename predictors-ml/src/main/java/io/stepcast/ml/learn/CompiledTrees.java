package io.stepcast.ml.learn;

import org.tribuo.ImmutableFeatureMap;
import org.tribuo.Model;
import org.tribuo.common.tree.LeafNode;
import org.tribuo.common.tree.Node;
import org.tribuo.common.tree.SplitNode;
import org.tribuo.common.tree.TreeModel;
import org.tribuo.ensemble.EnsembleModel;
import org.tribuo.regression.Regressor;
import org.tribuo.regression.rtree.IndependentRegressionTreeModel;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A Tribuo regression tree or averaged tree ensemble flattened into arrays, for real-time prediction:
 * Tribuo builds a sparse vector and a {@code Prediction} object per tree, which costs microseconds per
 * tree; walking flat arrays costs nanoseconds. The walk follows Tribuo's {@link SplitNode} rule
 * exactly (greater than the split value goes right, otherwise left) and averages the leaves with
 * equal weights, as bagging and random forests weight their members.
 * Immutable and thread-safe.
 */
public final class CompiledTrees {
    private final int[] roots;
    private final int[] feature;
    private final double[] threshold;
    private final int[] lessOrEqual;
    private final int[] greater;
    private final double[] leaf;

    private CompiledTrees(int[] roots, int[] feature, double[] threshold, int[] lessOrEqual, int[] greater,
                          double[] leaf) {
        this.roots = roots;
        this.feature = feature;
        this.threshold = threshold;
        this.lessOrEqual = lessOrEqual;
        this.greater = greater;
        this.leaf = leaf;
    }

    /**
     * The flattened form of {@code model} over the given input columns, or empty when it is not a tree
     * or an ensemble of trees.
     */
    public static Optional<CompiledTrees> of(Model<Regressor> model, List<String> columns) {
        List<Model<Regressor>> members = new ArrayList<>();
        if (model instanceof TreeModel<Regressor>) {
            members.add(model);
        } else if (model instanceof EnsembleModel<Regressor> ensemble) {
            members.addAll(ensemble.getModels());
        } else {
            return Optional.empty();
        }
        Builder b = new Builder();
        int[] roots = new int[members.size()];
        for (int i = 0; i < members.size(); i++) {
            if (!(members.get(i) instanceof TreeModel<Regressor> tree)) {
                return Optional.empty();
            }
            Node<Regressor> top = tree.getRoot();
            if (tree instanceof IndependentRegressionTreeModel independent && independent.getRoots().size() == 1) {
                // CART regression keeps one tree per output dimension; we have exactly one.
                top = independent.getRoots().values().iterator().next();
            }
            Integer root = top == null ? null : b.add(top, tree.getFeatureIDMap(), columns);
            if (root == null) {
                return Optional.empty();
            }
            roots[i] = root;
        }
        return Optional.of(b.build(roots));
    }

    /** The average of the trees' leaf values for the standardised input {@code x}. */
    public double predict(double[] x) {
        double sum = 0;
        for (int root : roots) {
            int n = root;
            while (feature[n] >= 0) {
                n = x[feature[n]] > threshold[n] ? greater[n] : lessOrEqual[n];
            }
            sum += leaf[n];
        }
        return sum / roots.length;
    }

    /** Number of trees. */
    public int trees() {
        return roots.length;
    }

    /** The value of leaf node {@code node}. */
    double leafValue(int node) {
        return leaf[node];
    }

    /** Number of nodes over all trees (leaves are numbered among them). */
    int nodes() {
        return feature.length;
    }

    /** The node index of the leaf of tree {@code tree} that the standardised input {@code x} falls in. */
    int leaf(int tree, double[] x) {
        int n = roots[tree];
        while (feature[n] >= 0) {
            n = x[feature[n]] > threshold[n] ? greater[n] : lessOrEqual[n];
        }
        return n;
    }

    /** Writes the arrays, bit-exact. */
    public void write(DataOutput out) throws IOException {
        writeInts(out, roots);
        writeInts(out, feature);
        out.writeInt(threshold.length);
        for (double v : threshold) {
            out.writeDouble(v);
        }
        writeInts(out, lessOrEqual);
        writeInts(out, greater);
        out.writeInt(leaf.length);
        for (double v : leaf) {
            out.writeDouble(v);
        }
    }

    private static void writeInts(DataOutput out, int[] v) throws IOException {
        out.writeInt(v.length);
        for (int x : v) {
            out.writeInt(x);
        }
    }

    /**
     * Reads arrays written by {@link #write} for a model over {@code width} columns, checking that every
     * walk ends at a leaf: children come after their parent, indices and features are in range.
     *
     * @throws java.io.IOException when the arrays are inconsistent
     */
    public static CompiledTrees read(DataInput in, int width, int maxNodes) throws IOException {
        int[] roots = readInts(in, maxNodes);
        int[] feature = readInts(in, maxNodes);
        double[] threshold = readDoubles(in, maxNodes);
        int[] left = readInts(in, maxNodes);
        int[] right = readInts(in, maxNodes);
        double[] leaf = readDoubles(in, maxNodes);
        int n = feature.length;
        if (roots.length == 0 || threshold.length != n || left.length != n || right.length != n || leaf.length != n) {
            throw new IOException("compiled trees have inconsistent array lengths");
        }
        for (int r : roots) {
            if (r < 0 || r >= n) {
                throw new IOException("compiled tree root " + r + " out of range");
            }
        }
        for (int i = 0; i < n; i++) {
            if (feature[i] >= width || feature[i] < -1) {
                throw new IOException("compiled tree node " + i + " splits on column " + feature[i]
                        + " of " + width);
            }
            if (feature[i] >= 0 && (left[i] <= i || right[i] <= i || left[i] >= n || right[i] >= n)) {
                throw new IOException("compiled tree node " + i + " has children out of order");
            }
        }
        return new CompiledTrees(roots, feature, threshold, left, right, leaf);
    }

    private static int[] readInts(DataInput in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("compiled tree array of " + n + " entries");
        }
        int[] v = new int[n];
        for (int i = 0; i < n; i++) {
            v[i] = in.readInt();
        }
        return v;
    }

    private static double[] readDoubles(DataInput in, int max) throws IOException {
        int n = in.readInt();
        if (n < 0 || n > max) {
            throw new IOException("compiled tree array of " + n + " entries");
        }
        double[] v = new double[n];
        for (int i = 0; i < n; i++) {
            v[i] = in.readDouble();
        }
        return v;
    }

    private static final class Builder {
        private final List<Integer> feature = new ArrayList<>();
        private final List<Double> threshold = new ArrayList<>();
        private final List<Integer> left = new ArrayList<>();
        private final List<Integer> right = new ArrayList<>();
        private final List<Double> leaf = new ArrayList<>();

        /** Adds a subtree; returns its index, or null when a split uses a feature outside the columns. */
        Integer add(Node<Regressor> node, ImmutableFeatureMap map, List<String> columns) {
            int index = feature.size();
            feature.add(-1);
            threshold.add(0.0);
            left.add(-1);
            right.add(-1);
            leaf.add(0.0);
            if (node instanceof LeafNode<Regressor> l) {
                leaf.set(index, l.getOutput().getValues()[0]);
                return index;
            }
            if (!(node instanceof SplitNode<Regressor> s)) {
                return null;
            }
            int column = columns.indexOf(map.get(s.getFeatureID()).getName());
            if (column < 0) {
                return null;
            }
            feature.set(index, column);
            threshold.set(index, s.splitValue());
            Integer le = add(s.getLessThanOrEqual(), map, columns);
            Integer gt = add(s.getGreaterThan(), map, columns);
            if (le == null || gt == null) {
                return null;
            }
            left.set(index, le);
            right.set(index, gt);
            return index;
        }

        CompiledTrees build(int[] roots) {
            return new CompiledTrees(roots, feature.stream().mapToInt(Integer::intValue).toArray(),
                    threshold.stream().mapToDouble(Double::doubleValue).toArray(),
                    left.stream().mapToInt(Integer::intValue).toArray(),
                    right.stream().mapToInt(Integer::intValue).toArray(),
                    leaf.stream().mapToDouble(Double::doubleValue).toArray());
        }
    }
}
