package io.stepcast.ml.learn;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.FittedFeatures;
import io.stepcast.ml.features.TargetTransform;
import org.tribuo.Model;
import org.tribuo.MutableDataset;
import org.tribuo.Trainer;
import org.tribuo.impl.ArrayExample;
import org.tribuo.provenance.SimpleDataSourceProvenance;
import org.tribuo.regression.RegressionFactory;
import org.tribuo.regression.Regressor;

import java.util.List;

/**
 * Fits one {@link FittedRegression}: derives the columns and standardisation from the training
 * configurations, transforms and standardises the target, and trains a Tribuo model on the result.
 */
public final class RegressionTrainer {
    /** Name of the single regression output dimension. */
    static final String OUTPUT = "target";

    private final FeatureSet features;
    private final TargetTransform transform;

    /**
     * @param features  the declared features
     * @param transform the target transform
     */
    public RegressionTrainer(FeatureSet features, TargetTransform transform) {
        this.features = features;
        this.transform = transform;
    }

    /**
     * Trains on {@code rows} with {@code trainer}.
     *
     * @throws CannotFitException when a value cannot be transformed (a non-positive value under the log
     *                            transform) or no feature is usable
     */
    public FittedRegression fit(TrainingRows rows, Trainer<Regressor> trainer) {
        if (rows.size() < 2) {
            throw new CannotFitException("need at least 2 observations of " + rows.target().label() + ", have "
                    + rows.size());
        }
        FittedFeatures fitted = features.fit(rows.configs());
        double[] y = new double[rows.size()];
        for (int i = 0; i < y.length; i++) {
            y[i] = transform.forward(rows.values().get(i));
            if (!Double.isFinite(y[i])) {
                throw new CannotFitException(rows.target().label() + " value " + rows.values().get(i)
                        + " cannot be learned under the " + transform + " transform");
            }
        }
        double mean = 0;
        for (double v : y) {
            mean += v;
        }
        mean /= y.length;
        double ss = 0;
        for (double v : y) {
            ss += (v - mean) * (v - mean);
        }
        double sd = Math.sqrt(ss / y.length);
        sd = sd > 0 ? sd : 1.0;
        RegressionFactory factory = new RegressionFactory();
        MutableDataset<Regressor> data = new MutableDataset<>(
                new SimpleDataSourceProvenance("stepcast " + rows.target().label(), factory), factory);
        String[] names = fitted.columns().toArray(String[]::new);
        List<Config> configs = rows.configs();
        double[][] inputs = new double[y.length][];
        double[] learned = new double[y.length];
        for (int i = 0; i < y.length; i++) {
            inputs[i] = fitted.encode(configs.get(i));
            learned[i] = (y[i] - mean) / sd;
            data.add(new ArrayExample<>(new Regressor(OUTPUT, learned[i]), names, inputs[i]));
        }
        Model<Regressor> model = trainer.train(data);
        return new FittedRegression(fitted, transform, mean, sd, model, inputs, learned);
    }
}
