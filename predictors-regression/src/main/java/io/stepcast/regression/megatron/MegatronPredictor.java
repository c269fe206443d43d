package io.stepcast.regression.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;

import java.util.EnumSet;
import java.util.Set;

/**
 * A fitted {@code megatron-analytic} or {@code megatron-simulation} predictor: the {@link Efficiency}
 * constants, the catalogs to resolve configurations and how an iteration is timed ({@link Method}).
 * Immutable and thread-safe (each prediction runs its own simulation).
 */
final class MegatronPredictor implements Predictor {
    private final MegatronJobs jobs;
    private final Efficiency efficiency;
    private final boolean overlap;
    private final Method method;
    private final Provenance provenance;

    MegatronPredictor(MegatronJobs jobs, Efficiency efficiency, boolean overlap, Method method, Provenance provenance) {
        this.jobs = jobs;
        this.efficiency = efficiency;
        this.overlap = overlap;
        this.method = method;
        this.provenance = provenance;
    }

    /** The fitted constants. */
    Efficiency efficiency() {
        return efficiency;
    }

    /** How iterations are timed. */
    Method method() {
        return method;
    }

    /** Whether the data-parallel all-reduce overlaps the last backward pass. */
    boolean overlapData() {
        return overlap;
    }

    @Override
    public Prediction predict(Config config, Target target) {
        if (target != Target.STEP_TIME && target != Target.THROUGHPUT) {
            return new Prediction.NotApplicable(method.estimator() + " predicts the iteration time and throughput only");
        }
        MegatronJobs.Either t = jobs.terms(config, method);
        if (t.terms().isEmpty()) {
            return new Prediction.NotApplicable(t.reason());
        }
        double s = t.terms().get().seconds(efficiency, overlap);
        return Prediction.of(target == Target.STEP_TIME ? s : config.globalBatch() / s);
    }

    @Override
    public Set<Target> targets() {
        return EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT);
    }

    @Override
    public Provenance provenance() {
        return provenance;
    }
}
