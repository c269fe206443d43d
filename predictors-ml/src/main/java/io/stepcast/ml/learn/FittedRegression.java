package io.stepcast.ml.learn;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.ml.features.FittedFeatures;
import io.stepcast.ml.features.TargetTransform;
import org.tribuo.Model;
import org.tribuo.common.xgboost.XGBoostModel;
import org.tribuo.impl.ArrayExample;
import org.tribuo.regression.RegressionFactory;
import org.tribuo.regression.Regressor;

import java.util.Objects;
import java.util.Optional;

/**
 * One fitted regression: the feature encoding, the target transform and standardisation, and the
 * Tribuo model that maps one to the other. Immutable; {@link #predict} is safe to call from several
 * threads (XGBoost's native booster is called under a lock, as xgboost4j does not promise more).
 *
 * <p>Tree models (a CART tree, a forest) are also flattened into {@link CompiledTrees} and predicted from
 * those, for real-time use; the flattening is checked against Tribuo's own prediction on probe inputs
 * when the regression is built, and Tribuo is used when they disagree beyond rounding.
 */
public final class FittedRegression {
    private static final double PROBE_TOLERANCE = 1e-9;

    private final FittedFeatures features;
    private final TargetTransform transform;
    private final double targetMean;
    private final double targetSd;
    private final Model<Regressor> model;
    private final String[] columns;
    private final CompiledTrees compiled;

    /**
     * @param features   how a configuration becomes the model's input
     * @param transform  how the target was transformed before standardisation
     * @param targetMean mean of the transformed training target
     * @param targetSd   standard deviation of the transformed training target (positive)
     * @param model      the Tribuo model over standardised inputs and target
     */
    public FittedRegression(FittedFeatures features, TargetTransform transform, double targetMean, double targetSd,
                            Model<Regressor> model) {
        this.features = Objects.requireNonNull(features, "features");
        this.transform = Objects.requireNonNull(transform, "transform");
        this.model = Objects.requireNonNull(model, "model");
        if (!(targetSd > 0) || !Double.isFinite(targetMean) || !Double.isFinite(targetSd)) {
            throw new IllegalArgumentException("target standardisation must be finite with a positive sd");
        }
        this.targetMean = targetMean;
        this.targetSd = targetSd;
        this.columns = features.columns().toArray(String[]::new);
        this.compiled = CompiledTrees.of(model, features.columns()).filter(this::agreesWithTribuo).orElse(null);
    }

    private boolean agreesWithTribuo(CompiledTrees trees) {
        int w = columns.length;
        for (int probe = -1; probe < 2 * w; probe++) {
            double[] x = new double[w];
            // Non-zero everywhere: Tribuo treats a zero as an absent feature, and an example needs one.
            java.util.Arrays.fill(x, 0.37);
            if (probe >= 0) {
                x[probe / 2] = probe % 2 == 0 ? 1.3 : -1.3;
            }
            double a = trees.predict(x);
            double b = tribuo(x);
            if (Math.abs(a - b) > PROBE_TOLERANCE * Math.max(1, Math.abs(b))) {
                return false;
            }
        }
        return true;
    }

    /** The prediction for {@code config}, or not applicable when its features cannot be computed. */
    public Prediction predict(Config config) {
        String problem = features.problem(config);
        if (problem != null) {
            return Prediction.notApplicable(problem);
        }
        double learned = predictStandardised(features.encode(config));
        double value = transform.inverse(learned * targetSd + targetMean);
        if (!Double.isFinite(value)) {
            return Prediction.notApplicable("the model's output is not finite for this configuration");
        }
        return Prediction.of(value);
    }

    /** The model's output, in standardised transformed units, for an encoded input. */
    double predictStandardised(double[] x) {
        return compiled != null ? compiled.predict(x) : tribuo(x);
    }

    private double tribuo(double[] x) {
        ArrayExample<Regressor> example = new ArrayExample<>(RegressionFactory.UNKNOWN_REGRESSOR, columns, x);
        if (model instanceof XGBoostModel) {
            synchronized (model) {
                return model.predict(example).getOutput().getValues()[0];
            }
        }
        return model.predict(example).getOutput().getValues()[0];
    }

    /** How a configuration becomes the model's input. */
    public FittedFeatures features() {
        return features;
    }

    /** The target transform. */
    public TargetTransform transform() {
        return transform;
    }

    /** Mean of the transformed training target. */
    public double targetMean() {
        return targetMean;
    }

    /** Standard deviation of the transformed training target. */
    public double targetSd() {
        return targetSd;
    }

    /** The Tribuo model. */
    public Model<Regressor> model() {
        return model;
    }

    /** Number of trees predicted from flat arrays, or empty when Tribuo predicts. */
    public Optional<Integer> compiledTrees() {
        return Optional.ofNullable(compiled).map(CompiledTrees::trees);
    }
}
