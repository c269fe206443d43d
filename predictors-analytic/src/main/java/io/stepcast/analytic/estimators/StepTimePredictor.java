package io.stepcast.analytic.estimators;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.models.predictor.AbstractPredictor;

import java.util.Collections;
import java.util.EnumSet;
import java.util.Objects;
import java.util.Set;

/**
 * Template of a fitted predictor that computes a step time in seconds: a target it does not answer is refused
 * with {@link #wrongTarget}, a configuration outside its domain with the reason {@link #stepTime} gives, and a
 * throughput, when it answers one, is the configuration's global batch over the step time. Holds the targets and
 * the provenance; a subclass holds only its fitted state.
 */
public abstract class StepTimePredictor extends AbstractPredictor {
    private final Set<Target> targets;

    /**
     * @param targets    what it answers: step time, and throughput when the global batch converts it
     * @param provenance where it was fitted
     */
    protected StepTimePredictor(Set<Target> targets, Provenance provenance) {
        super(Objects.requireNonNull(provenance, "provenance"));
        this.targets = Collections.unmodifiableSet(EnumSet.copyOf(targets));
    }

    /** The refusal's reason for a target outside {@link #targets()}. */
    protected abstract String wrongTarget(Target target);

    /** The step time of a configuration in seconds, or the reason there is none. */
    protected abstract Prediction stepTime(Config config);

    @Override
    public final Prediction predict(Config config, Target target) {
        if (!targets.contains(target)) {
            return Prediction.notApplicable(wrongTarget(target));
        }
        Prediction s = stepTime(config);
        if (target == Target.STEP_TIME || !s.isValue()) {
            return s;
        }
        return Prediction.of(config.globalBatch() / s.asDouble().getAsDouble());
    }

    @Override
    public final Set<Target> targets() {
        return targets;
    }
}
