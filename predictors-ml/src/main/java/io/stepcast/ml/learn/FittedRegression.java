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

/**
 * One fitted regression: the feature encoding, the target transform and standardisation, and the
 * Tribuo model that maps one to the other. Immutable; {@link #predict} is safe to call from several
 * threads (XGBoost's native booster is called under a lock, as xgboost4j does not promise more).
 *
 * @param features       how a configuration becomes the model's input
 * @param transform      how the target was transformed before standardisation
 * @param targetMean     mean of the transformed training target
 * @param targetSd       standard deviation of the transformed training target (never 0)
 * @param model          the Tribuo model over standardised inputs and target
 */
public record FittedRegression(FittedFeatures features, TargetTransform transform, double targetMean,
                               double targetSd, Model<Regressor> model) {
    public FittedRegression {
        Objects.requireNonNull(features, "features");
        Objects.requireNonNull(transform, "transform");
        Objects.requireNonNull(model, "model");
        if (!(targetSd > 0) || !Double.isFinite(targetMean)) {
            throw new IllegalArgumentException("target standardisation must be finite with a positive sd");
        }
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
        String[] names = features.columns().toArray(String[]::new);
        ArrayExample<Regressor> example = new ArrayExample<>(RegressionFactory.UNKNOWN_REGRESSOR, names, x);
        if (model instanceof XGBoostModel) {
            synchronized (model) {
                return model.predict(example).getOutput().getValues()[0];
            }
        }
        return model.predict(example).getOutput().getValues()[0];
    }
}
