package io.stepcast.ml.learn;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.Features;
import io.stepcast.ml.features.TargetTransform;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * A Tribuo regression learner over engineered features, one model per target the training set
 * measures (step time, throughput, response time, accuracy), with hyper-parameters chosen by a seeded
 * k-fold {@link GridSearch}. Its own hyper-parameters:
 * <ul>
 *   <li>{@code features}: comma-separated {@link io.stepcast.ml.features.Features} names;</li>
 *   <li>{@code log-target}: learn the logarithm of times and throughputs (accuracy is always learned as
 *       is, being a bounded fraction);</li>
 *   <li>{@code folds}, {@code seed}: the grid search's k and the seed of folds and trainers;</li>
 *   <li>{@code min-rows}: targets with fewer observations are not fitted (the predictor then refuses them);</li>
 * </ul>
 * plus the learner's own ({@link LearnerKind#defaults()}; a comma list is a grid).
 */
public final class TribuoEstimator extends AbstractEstimator {
    /** Features declared by default: the scale, batch and placement of a job, and what it trains where. */
    public static final String DEFAULT_FEATURES = "log2-local-batch,log2-global-batch,workers,inv-workers,nodes,"
            + "tenants,cpu-x-njobs,param-bytes-per-bandwidth,network,model,hardware,architecture,precision";

    private final LearnerKind learner;

    /** An estimator with the learner's default hyper-parameters. */
    public TribuoEstimator(LearnerKind learner) {
        this(learner, defaults(learner));
    }

    private TribuoEstimator(LearnerKind learner, HyperParameters hyper) {
        super(learner.label(), description(learner), EnumSet.allOf(Target.class), hyper);
        this.learner = learner;
        // Validate eagerly so that a bad override fails when it is given, not at fit time.
        FeatureSet.parse(hyper.text("features"));
        hyper.flag("log-target");
        hyper.integer("folds");
        hyper.longValue("seed");
        hyper.integer("min-rows");
        GridSearch.grid(learner.pick(hyper.values())).forEach(p -> learner.trainer(p, 0L));
    }

    private static HyperParameters defaults(LearnerKind learner) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("features", DEFAULT_FEATURES);
        m.put("log-target", "true");
        m.put("folds", "5");
        m.put("seed", "42");
        m.put("min-rows", "4");
        m.putAll(learner.defaults().values());
        return new HyperParameters(m);
    }

    private static String description(LearnerKind learner) {
        return switch (learner) {
            case CART -> "single CART regression tree over engineered features (Tribuo), k-fold grid search";
            case RANDOM_FOREST -> "random forest of CART trees (Breiman 2001) over engineered features (Tribuo)";
            case XGBOOST -> "gradient-boosted trees, XGBoost (Chen & Guestrin 2016) over engineered features (Tribuo)";
            case LINEAR_SGD -> "linear model fitted by SGD with AdaGrad over standardised engineered features (Tribuo)";
        };
    }

    /** When its {@code features} name a layout feature ({@link Features#LAYOUT}); the default features name none. */
    @Override
    public boolean readsParallelLayout() {
        return FeatureSet.parse(hyperParameters().get("features")).names().stream().anyMatch(Features.LAYOUT::contains);
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new TribuoEstimator(learner, params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        return fit(training, EnumSet.allOf(Target.class));
    }

    /**
     * Fits the models of {@code targets} only (each target's model is fitted from its own rows with its own
     * seeded trainers, so it does not depend on which others are fitted); fails when, and as, the full fit
     * does.
     */
    @Override
    public Predictor fit(TrainingSet training, Set<Target> targets) {
        HyperParameters hyper = params();
        FeatureSet features = FeatureSet.parse(hyper.text("features"));
        long seed = hyper.longValue("seed");
        int minRows = hyper.integer("min-rows");
        GridSearch search = new GridSearch(learner, hyper.integer("folds"), seed);
        Map<Target, FittedRegression> models = new EnumMap<>(Target.class);
        Map<String, String> chosen = new LinkedHashMap<>(hyper.values());
        StringBuilder missing = new StringBuilder();
        Set<Target> measured = EnumSet.noneOf(Target.class);
        for (Target t : Target.values()) {
            TrainingRows rows = TrainingRows.of(t, training.observations());
            if (rows.size() < minRows) {
                missing.append(' ').append(t.label()).append('=').append(rows.size());
                continue;
            }
            measured.add(t);
            if (!targets.contains(t)) {
                continue;
            }
            TargetTransform transform = hyper.flag("log-target") && t != Target.ACCURACY
                    ? TargetTransform.LOG : TargetTransform.IDENTITY;
            RegressionTrainer trainer = new RegressionTrainer(features, transform);
            GridSearch.Result r = search.search(learner.pick(hyper.values()), rows, trainer);
            models.put(t, trainer.fit(rows, learner.trainer(r.chosen(), seed)));
            r.chosen().values().forEach((k, v) -> chosen.put(t.label() + "." + k, v));
            if (!Double.isNaN(r.cvMse())) {
                chosen.put(t.label() + ".cv-mse", Double.toString(r.cvMse()));
            }
        }
        if (measured.isEmpty()) {
            throw new CannotFitException(name() + " needs at least " + minRows
                    + " observations of some target; the training set '" + training.id() + "' has" + missing);
        }
        if (models.isEmpty()) {
            // None of the asked targets is measured: the full fit's predictor gives the refusal it gives.
            return fit(training);
        }
        return new LearnedPredictor(models, MlProvenance.of(name(), chosen, training, seed), measured);
    }
}
