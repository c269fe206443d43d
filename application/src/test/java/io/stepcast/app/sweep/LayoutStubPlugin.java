package io.stepcast.app.sweep;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.StepcastPlugin;

import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

/**
 * A test fixture: a plugin registering one synthetic estimator that reads layouts and whose step time is a function
 * of each point's {@link ParallelLayout}, so that a sweep's answers show which layout each point was given.
 */
public final class LayoutStubPlugin extends StepcastPlugin {
    private final Estimator estimator;

    /**
     * @param estimatorName the estimator's name (not persistable)
     * @param description   what its step time is, said as synthetic
     * @param stepTime      seconds per step of a layout
     */
    public LayoutStubPlugin(String estimatorName, String description, ToDoubleFunction<ParallelLayout> stepTime) {
        super(estimatorName + "-test");
        this.estimator = new LayoutStub(estimatorName, description, stepTime);
    }

    @Override
    protected void registerAll() {
        estimator(estimator);
        notPersistable(estimator.name(), "a test fixture");
    }

    private record LayoutStub(String name, String description, ToDoubleFunction<ParallelLayout> stepTime)
            implements Estimator {
        public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
        public Map<String, String> hyperParameters() { return Map.of(); }
        public Estimator withHyperParameters(Map<String, String> o) { return this; }
        public boolean readsParallelLayout() { return true; }

        public Predictor fit(TrainingSet t) {
            Provenance p = Provenance.of(this, t, 0);
            return new Predictor() {
                public Prediction predict(Config c, Target target) {
                    return Prediction.of(stepTime.applyAsDouble(c.parallel().orElseThrow()));
                }
                public Set<Target> targets() { return Set.of(Target.STEP_TIME); }
                public Provenance provenance() { return p; }
            };
        }
    }
}
