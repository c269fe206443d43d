package io.stepcast.ml;

import com.google.inject.Key;
import io.stepcast.api.plugin.NotPersistable;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.api.plugin.StepcastPlugin;
import io.stepcast.ml.codec.LearnedPredictorCodec;
import io.stepcast.ml.courier.CourierForestEstimator;
import io.stepcast.ml.hybrid.HybridCodec;
import io.stepcast.ml.hybrid.HybridEstimator;
import io.stepcast.ml.learn.LearnerKind;
import io.stepcast.ml.learn.TribuoEstimator;

import java.util.Map;

/**
 * The {@code predictors-ml} plugin: the Tribuo learners ({@code cart}, {@code random-forest},
 * {@code xgboost}, {@code linear-sgd}), Courier's forests ({@code courier-forest},
 * {@code courier-forest-compact}) and the {@code hybrid} analytical + learned-residual estimator,
 * each with its codec.
 */
public final class MlPlugin extends StepcastPlugin {

    /** The plugin as {@link java.util.ServiceLoader} creates it. */
    public MlPlugin() {
        super("predictors-ml");
    }

    @Override
    protected void registerAll() {
        for (LearnerKind kind : LearnerKind.values()) {
            TribuoEstimator e = new TribuoEstimator(kind);
            estimator(e);
            codec(e.name(), new LearnedPredictorCodec(e.name()));
        }
        for (CourierForestEstimator e : new CourierForestEstimator[] {
                CourierForestEstimator.paper(), CourierForestEstimator.compact()}) {
            estimator(e);
            codec(e.name(), new LearnedPredictorCodec(e.name()));
        }
        estimator("hybrid", HybridEstimator.class);
        codec("hybrid", new HybridCodec(getProvider(new Key<Map<String, PredictorCodec>>() { }),
                getProvider(new Key<Map<String, NotPersistable>>() { })));
    }
}
