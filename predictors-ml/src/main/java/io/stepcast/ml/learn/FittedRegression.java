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

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;
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
    private final TribuoModelHandle model;
    private final String[] columns;
    private final CompiledTrees compiled;
    /** The quantile forest of the compiled trees over the training rows, when it was built. */
    private final ForestQuantiles quantiles;

    /**
     * @param features   how a configuration becomes the model's input
     * @param transform  how the target was transformed before standardisation
     * @param targetMean mean of the transformed training target
     * @param targetSd   standard deviation of the transformed training target (positive)
     * @param model      the Tribuo model over standardised inputs and target
     */
    public FittedRegression(FittedFeatures features, TargetTransform transform, double targetMean, double targetSd,
                            Model<Regressor> model) {
        this(features, transform, targetMean, targetSd, TribuoModelHandle.of(model), null, null);
    }

    /**
     * A fitted regression whose tree models also give quantile-forest intervals (Meinshausen 2006) from the
     * training rows it was fitted on.
     *
     * @param inputs  the encoded training inputs
     * @param learned the training targets in learned units (transformed, standardised), same order
     */
    FittedRegression(FittedFeatures features, TargetTransform transform, double targetMean, double targetSd,
                     Model<Regressor> model, double[][] inputs, double[] learned) {
        this(features, transform, targetMean, targetSd, TribuoModelHandle.of(model), null,
                new double[][][] {inputs, {learned}});
    }

    private FittedRegression(FittedFeatures features, TargetTransform transform, double targetMean, double targetSd,
                             TribuoModelHandle model, CompiledTrees restored, double[][][] rows) {
        this.features = Objects.requireNonNull(features, "features");
        this.transform = Objects.requireNonNull(transform, "transform");
        this.model = Objects.requireNonNull(model, "model");
        if (!(targetSd > 0) || !Double.isFinite(targetMean) || !Double.isFinite(targetSd)) {
            throw new IllegalArgumentException("target standardisation must be finite with a positive sd");
        }
        this.targetMean = targetMean;
        this.targetSd = targetSd;
        this.columns = features.columns().toArray(String[]::new);
        this.compiled = restored != null ? restored
                : CompiledTrees.of(model.model(), features.columns()).filter(this::agreesWithTribuo).orElse(null);
        this.quantiles = compiled == null || rows == null ? null : ForestQuantiles.of(compiled, rows[0], rows[1][0]);
    }

    private FittedRegression(FittedRegression r, ForestQuantiles quantiles) {
        this.features = r.features;
        this.transform = r.transform;
        this.model = r.model;
        this.targetMean = r.targetMean;
        this.targetSd = r.targetSd;
        this.columns = r.columns;
        this.compiled = r.compiled;
        this.quantiles = quantiles;
    }

    /** This regression with the quantile forest read from a payload ({@link #writeQuantiles}). */
    public FittedRegression withQuantiles(DataInput in, int maxRows) throws IOException {
        if (compiled == null) {
            throw new IOException("quantile forest stored for a model without flattened trees");
        }
        return new FittedRegression(this, ForestQuantiles.read(in, compiled, columns.length, maxRows));
    }

    /** Whether it gives quantile-forest intervals. */
    public boolean hasQuantiles() {
        return quantiles != null;
    }

    /** Writes the quantile forest's training rows; only when {@link #hasQuantiles()}. */
    public void writeQuantiles(DataOutput out) throws IOException {
        quantiles.write(out);
    }

    /**
     * A saved regression. With its flattened trees it predicts from them at once and reads the Tribuo
     * model only when asked for it (seconds for a 2000-tree forest); without them the Tribuo model is read
     * now, so that a bad model section fails here.
     *
     * @throws IllegalStateException when the Tribuo model must be read and cannot be
     */
    public static FittedRegression restored(FittedFeatures features, TargetTransform transform, double targetMean,
                                            double targetSd, TribuoModelHandle model, Optional<CompiledTrees> trees) {
        if (trees.isEmpty()) {
            model.model();
        }
        return new FittedRegression(features, transform, targetMean, targetSd, model, trees.orElse(null), null);
    }

    private boolean agreesWithTribuo(CompiledTrees trees) {
        int w = columns.length;
        for (int probe = -1; probe < 2 * w; probe++) {
            double[] x = new double[w];
            // Non-zero everywhere: Tribuo treats a zero as an absent feature, and an example needs one.
            Arrays.fill(x, 0.37);
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

    /**
     * The prediction for {@code config} with, for a tree model fitted with its training rows, the quantile-forest
     * interval between the conditional quantiles at {@code (1 - coverage) / 2} and {@code (1 + coverage) / 2}
     * (Meinshausen 2006), stated at {@code coverage} when the leaves hold enough training rows for that level
     * ({@code n} rows of positive weight with {@code (n - 1) / (n + 1) >= coverage}: the interval lies within
     * their range, {@link ForestQuantiles#attainableLevel}), with no stated level otherwise; for other models as
     * {@link #predict(Config)}.
     */
    public Prediction predict(Config config, double coverage) {
        if (!(coverage > 0 && coverage < 1)) {
            throw new IllegalArgumentException("coverage must be in (0, 1), was " + coverage);
        }
        if (quantiles == null) {
            return predict(config);
        }
        String problem = features.problem(config);
        if (problem != null) {
            return Prediction.notApplicable(problem);
        }
        // One walk gives the point (as predict(config) computes it) and the leaves the quantiles weigh.
        double[] q = quantiles.interval(features.encode(config), (1 - coverage) / 2, (1 + coverage) / 2);
        double value = transform.inverse(q[0] * targetSd + targetMean);
        if (!Double.isFinite(value)) {
            return Prediction.notApplicable("the model's output is not finite for this configuration");
        }
        double lo = transform.inverse(q[1] * targetSd + targetMean);
        double hi = transform.inverse(q[2] * targetSd + targetMean);
        if (!(Double.isFinite(lo) && Double.isFinite(hi) && lo <= hi)) {
            return Prediction.of(value);
        }
        // Too few training rows behind the leaves (a single deep tree's leaf of one or two rows) cannot hold a new
        // point at the asked level, even if they were exchangeable with it: the range is still given, as the spread
        // the model saw, but no level is stated.
        if (ForestQuantiles.attainableLevel(q[3]) < coverage) {
            return Prediction.of(value, lo, hi);
        }
        return Prediction.of(value, lo, hi, coverage);
    }

    /**
     * Why a prediction for {@code config} is an extrapolation (a numeric feature outside its training range, in the
     * user's words), or empty inside the range, when the range is unknown, or when the configuration is refused.
     */
    public Optional<String> extrapolation(Config config) {
        return features.problem(config) != null ? Optional.empty() : features.extrapolation(config);
    }

    /** The model's output, in standardised transformed units, for an encoded input. */
    double predictStandardised(double[] x) {
        return compiled != null ? compiled.predict(x) : tribuo(x);
    }

    private double tribuo(double[] x) {
        ArrayExample<Regressor> example = new ArrayExample<>(RegressionFactory.UNKNOWN_REGRESSOR, columns, x);
        Model<Regressor> m = model.model();
        if (m instanceof XGBoostModel) {
            synchronized (m) {
                return m.predict(example).getOutput().getValues()[0];
            }
        }
        return m.predict(example).getOutput().getValues()[0];
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

    /** The Tribuo model (read from its saved form on first use). */
    public Model<Regressor> model() {
        return model.model();
    }

    /** The Tribuo model and its protobuf form. */
    public TribuoModelHandle handle() {
        return model;
    }

    /** The flattened trees predictions come from, or empty when Tribuo predicts. */
    public Optional<CompiledTrees> compiled() {
        return Optional.ofNullable(compiled);
    }

    /** Number of trees predicted from flat arrays, or empty when Tribuo predicts. */
    public Optional<Integer> compiledTrees() {
        return compiled().map(CompiledTrees::trees);
    }
}
