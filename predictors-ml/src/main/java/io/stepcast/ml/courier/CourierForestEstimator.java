package io.stepcast.ml.courier;

import io.stepcast.api.AbstractEstimator;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Estimator;
import io.stepcast.api.HyperParameters;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.ml.features.FeatureSet;
import io.stepcast.ml.features.Features;
import io.stepcast.ml.features.TargetTransform;
import io.stepcast.ml.learn.FittedRegression;
import io.stepcast.ml.learn.LearnerKind;
import io.stepcast.ml.learn.LearnedPredictor;
import io.stepcast.ml.learn.MlProvenance;
import io.stepcast.ml.learn.RegressionTrainer;
import io.stepcast.ml.learn.TrainingRows;
import org.tribuo.regression.rtree.CARTRegressionTrainer;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Courier's two random forests (Albo Martinez, Bobde, Motyka, Chen, "Courier: Real-Time Optimal Batch
 * Size Prediction for Latency SLOs in BigDL", ICPE 2021, section 4; {@code docs/methods.md} section 3): over
 * the standardised features {@code x = [cpu*njobs, cpu, njobs, batch, network]} (network +1 LeNet-5,
 * -1 MLP, 0 averaged over both), a time forest (2000 trees of depth 6 split on absolute error) predicts
 * the response time and an accuracy forest (150 trees of depth 9, squared error) the final accuracy.
 * One fitted predictor answers both {@link Target#RESPONSE_TIME} and {@link Target#ACCURACY}, so
 * {@link io.stepcast.models.selection.CourierSelector} can use it for both roles with
 * {@link io.stepcast.api.selection.BatchScope#GLOBAL}.
 *
 * <p>Training data ({@code docs/data-model.md}): the time forest learns from the observations that
 * measure a response time, the accuracy forest from those that measure accuracy. Our choice: rows
 * averaged over the cores ({@code averaged_over} tag containing {@code cpu}, i.e. the batch x njobs
 * means) are left out of the time forest by default ({@code time-skip-averaged=true}), because they
 * claim cpu = 1 for a mean over cpu 1..8 and the cells already give every cpu x batch x njobs mean.
 *
 * <p>What the accuracy forest can learn from the published data: the batch x njobs means give accuracy
 * per batch and tenancy, averaged over cpu and network (cpu stated as 1, network 0), so it learns the
 * accuracy-batch trade-off (0.955 at batch 64 to 0.90 at 512), which tenancy hardly moves; the 15
 * live runs, when in the training set, add per-network and per-cpu points at batches 128 and 512 only.
 * It cannot learn a cpu or network effect at other batches: the predictions there are the averaged ones.
 *
 * <p>The compact configuration ({@code courier-forest-compact}) keeps the features and rule but
 * shrinks the forests (time: 64 trees of depth 5; accuracy: 32 trees of depth 5), a few percent of the
 * tree nodes, so a decision over four candidates needs about two thousand node visits and fits the
 * real-time budget of tens of microseconds.
 *
 * <p>Hyper-parameters from the paper's grid search are used as fixed values here (our choice: a fresh
 * grid search on 48 cells would mostly fit noise). {@code feature-fraction} = 1 considers every
 * feature at every split, scikit-learn's default for regression forests, which the authors used.
 */
public final class CourierForestEstimator extends AbstractEstimator {
    /** Courier's features, in the paper's order. */
    public static final FeatureSet FEATURES = FeatureSet.parse("cpu-x-njobs,cpu,njobs,batch,network");

    private CourierForestEstimator(String name, HyperParameters hyper) {
        super(name, description(name), Set.of(Target.RESPONSE_TIME, Target.ACCURACY), hyper);
        for (String prefix : List.of("time-", "accuracy-")) {
            if (hyper.integer(prefix + "trees") < 1 || hyper.integer(prefix + "depth") < 1) {
                throw new IllegalArgumentException(prefix + "trees and " + prefix + "depth must be at least 1");
            }
            LearnerKind.impurity(hyper.choice(prefix + "impurity", "mse", "mae"));
        }
        double ff = hyper.real("feature-fraction");
        if (!(ff > 0 && ff <= 1)) {
            throw new IllegalArgumentException("feature-fraction must be in (0, 1], was " + ff);
        }
        hyper.longValue("seed");
        hyper.flag("time-skip-averaged");
        hyper.real("min-child-weight");
    }

    /** The paper's configuration: time 2000 trees depth 6 (absolute error), accuracy 150 trees depth 9. */
    public static CourierForestEstimator paper() {
        return new CourierForestEstimator("courier-forest", defaults(2000, 6, 150, 9));
    }

    /** The real-time configuration: time 64 trees depth 5, accuracy 32 trees depth 5. */
    public static CourierForestEstimator compact() {
        return new CourierForestEstimator("courier-forest-compact", defaults(64, 5, 32, 5));
    }

    private static HyperParameters defaults(int timeTrees, int timeDepth, int accTrees, int accDepth) {
        return HyperParameters.of("time-trees", Integer.toString(timeTrees), "time-depth", Integer.toString(timeDepth),
                "time-impurity", "mae", "accuracy-trees", Integer.toString(accTrees),
                "accuracy-depth", Integer.toString(accDepth), "accuracy-impurity", "mse",
                "feature-fraction", "1.0", "min-child-weight", "1", "seed", "42", "time-skip-averaged", "true");
    }

    private static String description(String name) {
        return "Courier's time and accuracy random forests on [cpu*njobs, cpu, njobs, batch, network] "
                + "(Albo Martinez et al., ICPE 2021)" + (name.endsWith("compact") ? ", compact real-time size" : "");
    }

    @Override
    protected Estimator copyWith(HyperParameters params) {
        return new CourierForestEstimator(name(), params);
    }

    @Override
    public Predictor fit(TrainingSet training) {
        return fit(training, EnumSet.allOf(Target.class));
    }

    /**
     * Fits the forests of {@code targets} only (the two forests are independent); when neither of them can
     * be fitted the full fit decides, so a failure or a refusal is the full fit's.
     */
    @Override
    public Predictor fit(TrainingSet training, Set<Target> targets) {
        HyperParameters hyper = params();
        long seed = hyper.longValue("seed");
        List<Observation> courier = training.observations().stream()
                .filter(o -> Double.isFinite(Features.numeric("network").orElseThrow().value(o.config())))
                .toList();
        List<Observation> timeRows = hyper.flag("time-skip-averaged")
                ? courier.stream().filter(o -> !o.tag("averaged_over", "").contains("cpu")).toList()
                : courier;
        Map<Target, FittedRegression> models = new EnumMap<>(Target.class);
        Set<Target> measured = EnumSet.noneOf(Target.class);
        fitForest(models, measured, TrainingRows.of(Target.RESPONSE_TIME, timeRows), "time-", seed, targets);
        fitForest(models, measured, TrainingRows.of(Target.ACCURACY, courier), "accuracy-", seed, targets);
        if (models.isEmpty() && !measured.isEmpty()) {
            return fit(training);
        }
        if (models.isEmpty()) {
            throw new CannotFitException(name() + " needs Courier observations (models lenet5, mlp or courier-mixed) "
                    + "with a response time or an accuracy; the training set '" + training.id() + "' has "
                    + courier.size() + " Courier observations");
        }
        return new LearnedPredictor(models, MlProvenance.of(name(), hyper.values(), training, seed), measured);
    }

    private void fitForest(Map<Target, FittedRegression> models, Set<Target> measured, TrainingRows rows,
                           String prefix, long seed, Set<Target> wanted) {
        if (rows.size() < 2) {
            return;
        }
        measured.add(rows.target());
        if (!wanted.contains(rows.target())) {
            return;
        }
        HyperParameters hyper = params();
        float fraction = (float) hyper.real("feature-fraction");
        CARTRegressionTrainer tree = new CARTRegressionTrainer(hyper.integer(prefix + "depth"),
                (float) hyper.real("min-child-weight"), 0.0f, fraction,
                LearnerKind.impurity(hyper.choice(prefix + "impurity", "mse", "mae")), seed);
        RegressionTrainer trainer = new RegressionTrainer(FEATURES, TargetTransform.IDENTITY);
        models.put(rows.target(), trainer.fit(rows, LearnerKind.forest(hyper.integer(prefix + "trees"), tree, fraction, seed)));
    }
}
