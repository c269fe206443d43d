package io.stepcast.ml.hybrid;

import com.google.inject.Inject;
import com.google.inject.Provider;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.TargetTransform;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.GridSearch;
import io.stepcast.ml.learn.LearnerKind;
import io.stepcast.ml.learn.MlProvenance;
import io.stepcast.ml.learn.RegressionTrainer;
import io.stepcast.ml.learn.TrainingRows;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * A hybrid of an analytical model and a learned correction (the grey-box approach of, e.g., Didona et
 * al., "Enhancing Performance Prediction Robustness by Combining Analytical Modeling and Machine
 * Learning", ICPE 2015): the analytical estimator named by {@code base} ({@code pollux}, {@code mva},
 * {@code simulation}, looked up among the registered estimators) is fitted on the training set, its
 * error on every training observation is taken as {@code log(measured / analytic)}, and a Tribuo
 * learner ({@code learner}, default a small random forest) learns that log ratio over the features.
 * Predictions are {@code analytic x exp(learned residual)}.
 *
 * <p>Hyper-parameters: {@code base}, {@code learner} (cart, random-forest, xgboost, linear-sgd; changing
 * it resets the learner's own parameters to that learner's defaults), {@code features}, {@code folds},
 * {@code seed}, {@code min-rows}, then the learner's. Same seed, same data: same model.
 *
 * <p>Our choices: training observations the base cannot answer for are skipped (the hybrid is not
 * applicable there either); the default learner is a shallow forest, because residuals of a sound
 * analytical model are small and smooth, and the few-hundred-row traces do not support deep trees.
 */
public final class HybridEstimator implements Estimator {
    /** Default features of the residual model. */
    public static final String DEFAULT_FEATURES = "log2-local-batch,log2-global-batch,workers,inv-workers,nodes,"
            + "tenants,param-bytes-per-bandwidth,model,hardware";

    private final Provider<Map<String, Estimator>> estimators;
    private final HyperParameters hyper;

    /** @param estimators every registered estimator by name, resolved at fit time */
    @Inject
    public HybridEstimator(Provider<Map<String, Estimator>> estimators) {
        this(estimators, defaults(LearnerKind.RANDOM_FOREST));
    }

    private HybridEstimator(Provider<Map<String, Estimator>> estimators, HyperParameters hyper) {
        this.estimators = Objects.requireNonNull(estimators, "estimators");
        this.hyper = hyper;
        String base = hyper.text("base").trim();
        if (base.isEmpty() || base.equals("hybrid")) {
            throw new IllegalArgumentException("hyper-parameter 'base' must name an analytical estimator, was '"
                    + base + "'");
        }
        FeatureSet.parse(hyper.text("features"));
        hyper.integer("folds");
        hyper.longValue("seed");
        hyper.integer("min-rows");
        LearnerKind learner = learner(hyper);
        GridSearch.grid(learner.pick(hyper.values())).forEach(p -> learner.trainer(p, 0L));
    }

    private static HyperParameters defaults(LearnerKind learner) {
        Map<String, String> m = new LinkedHashMap<>();
        m.put("base", "pollux");
        m.put("learner", learner.label());
        m.put("features", DEFAULT_FEATURES);
        m.put("folds", "5");
        m.put("seed", "42");
        m.put("min-rows", "4");
        HyperParameters own = learner.defaults();
        if (learner == LearnerKind.RANDOM_FOREST) {
            own = own.with(Map.of("trees", "50", "depth", "3,5"));
        }
        m.putAll(own.values());
        return new HyperParameters(m);
    }

    private static LearnerKind learner(HyperParameters h) {
        String l = h.choice("learner", "cart", "random-forest", "xgboost", "linear-sgd");
        return LearnerKind.valueOf(l.toUpperCase(Locale.ROOT).replace('-', '_'));
    }

    @Override
    public String name() {
        return "hybrid";
    }

    @Override
    public String description() {
        return "analytical model (" + hyper.text("base") + ") times a learned log residual (grey-box, "
                + hyper.text("learner") + ")";
    }

    @Override
    public Set<Target> targets() {
        Estimator base = estimators.get().get(hyper.text("base").trim());
        return base == null ? Set.of() : base.targets();
    }

    @Override
    public Map<String, String> hyperParameters() {
        return hyper.values();
    }

    @Override
    public Estimator withHyperParameters(Map<String, String> overrides) {
        HyperParameters start = hyper;
        if (overrides.containsKey("learner")) {
            LearnerKind l = learner(hyper.with(Map.of("learner", overrides.get("learner"))));
            Map<String, String> keep = new LinkedHashMap<>();
            for (String k : List.of("base", "features", "folds", "seed", "min-rows")) {
                keep.put(k, hyper.text(k));
            }
            start = defaults(l).with(keep);
        }
        return new HybridEstimator(estimators, start.with(overrides));
    }

    @Override
    public Predictor fit(TrainingSet training) {
        return fit(training, EnumSet.allOf(Target.class));
    }

    /**
     * Fits the base and the residuals of {@code targets} only (each residual is learned from its own rows with
     * its own seeded trainers, so it does not depend on which others are learned). When none of them can be
     * learned the full fit decides: it fails, or its predictor refuses them, as the full fit does.
     */
    @Override
    public Predictor fit(TrainingSet training, Set<Target> targets) {
        String baseName = hyper.text("base").trim();
        Map<String, Estimator> all = estimators.get();
        Estimator baseEstimator = all.get(baseName);
        if (baseEstimator == null) {
            throw new CannotFitException("hybrid: no analytical estimator named '" + baseName + "' is registered (known: "
                    + String.join(", ", new TreeSet<>(all.keySet())) + ")");
        }
        Predictor base;
        try {
            base = baseEstimator.fit(training);
        } catch (CannotFitException e) {
            throw new CannotFitException("hybrid: its base " + baseName + " cannot fit: " + e.getMessage(), e);
        }
        LearnerKind learner = learner(hyper);
        long seed = hyper.longValue("seed");
        GridSearch search = new GridSearch(learner, hyper.integer("folds"), seed);
        RegressionTrainer trainer = new RegressionTrainer(FeatureSet.parse(hyper.text("features")),
                TargetTransform.IDENTITY);
        Map<Target, FittedRegression> residuals = new EnumMap<>(Target.class);
        Map<String, String> chosen = new LinkedHashMap<>(hyper.values());
        StringBuilder counts = new StringBuilder();
        for (Target t : base.targets()) {
            if (!targets.contains(t)) {
                continue;
            }
            TrainingRows rows = residualRows(base, t, training.observations());
            counts.append(' ').append(t.label()).append('=').append(rows.size());
            if (rows.size() < hyper.integer("min-rows")) {
                continue;
            }
            GridSearch.Result r = search.search(learner.pick(hyper.values()), rows, trainer);
            residuals.put(t, trainer.fit(rows, learner.trainer(r.chosen(), seed)));
            r.chosen().values().forEach((k, v) -> chosen.put(t.label() + "." + k, v));
        }
        if (residuals.isEmpty() && !targets.containsAll(base.targets())) {
            return fit(training);
        }
        if (residuals.isEmpty()) {
            throw new CannotFitException("hybrid(" + baseName + ") needs at least " + hyper.integer("min-rows")
                    + " training observations the base can predict, per target; it has" + counts);
        }
        base.provenance().hyperParameters().forEach((k, v) -> chosen.put("base." + k, v));
        return new HybridPredictor(baseName, base, residuals, MlProvenance.of(name(), chosen, training, seed));
    }

    /** The log ratio measured / analytic of every training observation the base can answer for. */
    static TrainingRows residualRows(Predictor base, Target target, List<Observation> observations) {
        List<Config> configs = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (Observation o : observations) {
            var measured = o.value(target);
            if (measured.isEmpty() || !(measured.getAsDouble() > 0)) {
                continue;
            }
            Prediction p = base.predict(o.config(), target);
            if (p instanceof Prediction.Value v && v.value() > 0) {
                configs.add(o.config());
                values.add(Math.log(measured.getAsDouble() / v.value()));
            }
        }
        return new TrainingRows(target, configs, values);
    }
}
