package io.stepcast.ml.learn;

import io.stepcast.api.HyperParameters;
import org.tribuo.Trainer;
import org.tribuo.common.tree.RandomForestTrainer;
import org.tribuo.ensemble.BaggingTrainer;
import org.tribuo.math.optimisers.AdaGrad;
import org.tribuo.regression.Regressor;
import org.tribuo.regression.ensemble.AveragingCombiner;
import org.tribuo.regression.rtree.CARTRegressionTrainer;
import org.tribuo.regression.rtree.impurity.MeanAbsoluteError;
import org.tribuo.regression.rtree.impurity.MeanSquaredError;
import org.tribuo.regression.rtree.impurity.RegressorImpurity;
import org.tribuo.regression.sgd.linear.LinearSGDTrainer;
import org.tribuo.regression.sgd.objectives.SquaredLoss;
import org.tribuo.regression.xgboost.XGBoostRegressionTrainer;

import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * The Tribuo regression learners stepcast uses, each with its hyper-parameters and their defaults.
 * A default with commas is a grid that {@link GridSearch} explores; the defaults are deliberately
 * small grids so that fitting stays fast on the few hundred rows of the real traces.
 */
public enum LearnerKind {
    /** A single CART regression tree (Breiman et al. 1984), Tribuo's {@link CARTRegressionTrainer}. */
    CART("depth", "3,5,8", "min-child-weight", "2", "impurity", "mse") {
        @Override
        public Trainer<Regressor> trainer(HyperParameters h, long seed) {
            return cart(h, 1.0f, seed);
        }
    },
    /**
     * A random forest (Breiman 2001): bagged CART trees with feature subsampling per split, averaged;
     * Tribuo's {@link RandomForestTrainer}.
     */
    RANDOM_FOREST("trees", "100", "depth", "4,8", "min-child-weight", "1", "impurity", "mse",
            "feature-fraction", "0.8") {
        @Override
        public Trainer<Regressor> trainer(HyperParameters h, long seed) {
            float fraction = (float) h.real("feature-fraction");
            return forest(h.integer("trees"), cart(h, fraction, seed), fraction, seed);
        }
    },
    /** Gradient-boosted trees (Chen and Guestrin, KDD 2016), Tribuo's {@link XGBoostRegressionTrainer}. */
    XGBOOST("rounds", "100", "depth", "3,6", "eta", "0.1,0.3", "subsample", "1.0", "min-child-weight", "1",
            "lambda", "1.0") {
        @Override
        public Trainer<Regressor> trainer(HyperParameters h, long seed) {
            // One thread: XGBoost's sums are then computed in a fixed order, so the same seed gives the same model.
            return new XGBoostRegressionTrainer(XGBoostRegressionTrainer.RegressionType.LINEAR, h.integer("rounds"),
                    h.real("eta"), 0.0, h.integer("depth"), h.real("min-child-weight"), h.real("subsample"), 1.0,
                    h.real("lambda"), 0.0, 1, true, seed);
        }
    },
    /** A linear model fitted by SGD with AdaGrad on squared loss, Tribuo's {@link LinearSGDTrainer}. */
    LINEAR_SGD("epochs", "100", "learning-rate", "0.05,0.2") {
        @Override
        public Trainer<Regressor> trainer(HyperParameters h, long seed) {
            return new LinearSGDTrainer(new SquaredLoss(), new AdaGrad(h.real("learning-rate"), 1e-6),
                    h.integer("epochs"), Integer.MAX_VALUE, 1, seed);
        }
    };

    private final String[] defaults;

    LearnerKind(String... keysAndDefaults) {
        this.defaults = keysAndDefaults;
    }

    /** The learner's hyper-parameters with their default values (comma lists are grids). */
    public HyperParameters defaults() {
        return HyperParameters.of(defaults);
    }

    /**
     * A Tribuo trainer for one point of the grid.
     *
     * @param h    this learner's hyper-parameters, each a single value
     * @param seed random seed of the trainer
     */
    public abstract Trainer<Regressor> trainer(HyperParameters h, long seed);

    /** The registered name: lower-case with dashes. */
    public String label() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Builds a CART trainer; shared by the single tree, the forests and the Courier forests. */
    static CARTRegressionTrainer cart(HyperParameters h, float featureFraction, long seed) {
        return new CARTRegressionTrainer(h.integer("depth"), (float) h.real("min-child-weight"), 0.0f, featureFraction,
                impurity(h.choice("impurity", "mse", "mae")), seed);
    }

    /**
     * A forest of {@code trees} bootstrap-trained CART trees, averaged. With {@code featureFraction} = 1
     * every split considers every feature (scikit-learn's regression default); Tribuo's
     * {@link RandomForestTrainer} insists on a fraction below 1, so that case is plain bagging
     * ({@link BaggingTrainer}), which is the same algorithm.
     */
    public static Trainer<Regressor> forest(int trees, CARTRegressionTrainer tree, float featureFraction, long seed) {
        if (trees < 1) {
            throw new IllegalArgumentException("a forest needs at least one tree, was " + trees);
        }
        if (!(featureFraction > 0 && featureFraction <= 1)) {
            throw new IllegalArgumentException("feature-fraction must be in (0, 1], was " + featureFraction);
        }
        return featureFraction < 1 ? new RandomForestTrainer<>(tree, new AveragingCombiner(), trees, seed)
                : new BaggingTrainer<>(tree, new AveragingCombiner(), trees, seed);
    }

    /** The impurity of a split criterion name: {@code mse} (variance) or {@code mae} (absolute error). */
    public static RegressorImpurity impurity(String name) {
        return switch (name) {
            case "mse" -> new MeanSquaredError();
            case "mae" -> new MeanAbsoluteError();
            default -> throw new IllegalArgumentException("impurity must be mse or mae, was '" + name + "'");
        };
    }

    /** A learner's hyper-parameters restricted from a larger map (only the keys it declares). */
    public HyperParameters pick(Map<String, String> all) {
        HyperParameters d = defaults();
        Map<String, String> mine = new LinkedHashMap<>();
        d.values().keySet().forEach(k -> {
            if (all.containsKey(k)) {
                mine.put(k, all.get(k));
            }
        });
        return d.with(mine);
    }
}
