package io.stepcast.ml.learn;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.HyperParameters;
import io.stepcast.ml.features.FittedFeatures;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.IntStream;

/**
 * Seeded k-fold grid search over a learner's hyper-parameters. A hyper-parameter whose value is a
 * comma-separated list is a grid axis; the grid is their Cartesian product, explored in declaration
 * order. Each point is scored by the mean squared error, in the learned (transformed) units, of the
 * held-out folds; the lowest score wins and ties go to the earlier point. The fold
 * assignment is a shuffle with {@link SplittableRandom} seeded by {@code seed}, so the same seed
 * always chooses the same point.
 *
 * <p>Our choice: with fewer than {@code 2 * folds} rows the number of folds drops to
 * {@code rows / 2} (at least 2); with fewer than 4 rows the first grid point is taken unscored.
 */
public final class GridSearch {
    private final LearnerKind learner;
    private final int folds;
    private final long seed;

    /**
     * @param learner the learner whose hyper-parameters are searched
     * @param folds   k of the k-fold cross-validation (at least 2)
     * @param seed    seed of the fold shuffle and of every trainer
     */
    public GridSearch(LearnerKind learner, int folds, long seed) {
        if (folds < 2) {
            throw new IllegalArgumentException("folds must be at least 2, was " + folds);
        }
        this.learner = learner;
        this.folds = folds;
        this.seed = seed;
    }

    /**
     * The outcome of a search.
     *
     * @param chosen the chosen single-valued hyper-parameters
     * @param cvMse  its cross-validated mean squared error in learned units, NaN when not scored
     * @param points number of grid points explored
     */
    public record Result(HyperParameters chosen, double cvMse, int points) {
    }

    /** Every point of the grid that {@code h} spans, in order. */
    public static List<HyperParameters> grid(HyperParameters h) {
        List<Map<String, String>> points = new ArrayList<>();
        points.add(new LinkedHashMap<>());
        for (var e : h.values().entrySet()) {
            List<String> values = h.list(e.getKey());
            if (values.isEmpty()) {
                throw new IllegalArgumentException("hyper-parameter '" + e.getKey() + "' has no value");
            }
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> p : points) {
                for (String v : values) {
                    Map<String, String> q = new LinkedHashMap<>(p);
                    q.put(e.getKey(), v);
                    next.add(q);
                }
            }
            points = next;
        }
        return points.stream().map(HyperParameters::new).toList();
    }

    /** Searches the grid that {@code h} spans on {@code rows}. */
    public Result search(HyperParameters h, TrainingRows rows, RegressionTrainer trainer) {
        List<HyperParameters> grid = grid(h);
        if (grid.size() == 1 || rows.size() < 4) {
            return new Result(grid.get(0), Double.NaN, grid.size());
        }
        int k = Math.max(2, Math.min(folds, rows.size() / 2));
        int[] fold = foldOf(rows.size(), k);
        HyperParameters best = null;
        double bestMse = Double.POSITIVE_INFINITY;
        for (HyperParameters point : grid) {
            double mse = score(point, rows, trainer, fold, k);
            if (mse < bestMse) {
                bestMse = mse;
                best = point;
            }
        }
        if (best == null) {
            throw new CannotFitException("no grid point of " + learner.label() + " could be scored on "
                    + rows.size() + " rows of " + rows.target().label());
        }
        return new Result(best, bestMse, grid.size());
    }

    private int[] foldOf(int n, int k) {
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        SplittableRandom rng = new SplittableRandom(seed);
        for (int i = n - 1; i > 0; i--) {
            int j = rng.nextInt(i + 1);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
        }
        int[] fold = new int[n];
        for (int i = 0; i < n; i++) {
            fold[order[i]] = i % k;
        }
        return fold;
    }

    private double score(HyperParameters point, TrainingRows rows, RegressionTrainer trainer, int[] fold, int k) {
        double sum = 0;
        int count = 0;
        for (int f = 0; f < k; f++) {
            int[] train = indices(fold, f, false);
            int[] test = indices(fold, f, true);
            FittedRegression model;
            try {
                model = trainer.fit(rows.subset(train), learner.trainer(point, seed));
            } catch (CannotFitException e) {
                return Double.POSITIVE_INFINITY;
            }
            for (int i : test) {
                FittedFeatures features = model.features();
                if (features.problem(rows.configs().get(i)) != null) {
                    continue; // a level unseen in this fold's training part: not scorable, not an error
                }
                double predicted = model.predictStandardised(features.encode(rows.configs().get(i)))
                        * model.targetSd() + model.targetMean();
                double actual = model.transform().forward(rows.values().get(i));
                sum += (predicted - actual) * (predicted - actual);
                count++;
            }
        }
        return count == 0 ? Double.POSITIVE_INFINITY : sum / count;
    }

    private static int[] indices(int[] fold, int f, boolean inFold) {
        return IntStream.range(0, fold.length).filter(i -> (fold[i] == f) == inFold).toArray();
    }
}
