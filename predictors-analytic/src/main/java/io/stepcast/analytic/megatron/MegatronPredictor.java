package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Prediction;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.analytic.estimators.StepTimePredictor;

import java.util.EnumSet;
import java.util.OptionalDouble;

/**
 * A fitted {@code megatron-analytic} or {@code megatron-simulation} predictor: the {@link Efficiency}
 * constants, the catalogs to resolve configurations and how an iteration is timed ({@link Method}); with each
 * time, the peak memory per GPU the layout needs ({@link PeakMemory}).
 * Immutable and thread-safe (each prediction runs its own simulation).
 */
final class MegatronPredictor extends StepTimePredictor implements PeakMemory {
    private final MegatronJobs jobs;
    private final Efficiency efficiency;
    private final boolean overlap;
    private final Method method;

    MegatronPredictor(MegatronJobs jobs, Efficiency efficiency, boolean overlap, Method method, Provenance provenance) {
        super(EnumSet.of(Target.STEP_TIME, Target.THROUGHPUT), provenance);
        this.jobs = jobs;
        this.efficiency = efficiency;
        this.overlap = overlap;
        this.method = method;
    }

    /** The fitted constants. */
    Efficiency efficiency() {
        return efficiency;
    }

    /** How the fitted efficiency carries to other GPUs. */
    MatmulCarry carry() {
        return jobs.carry();
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
    public OptionalDouble peakMemoryBytes(Config config) {
        return jobs.peakMemoryBytes(config);
    }

    @Override
    protected String wrongTarget(Target target) {
        return method.estimator() + " predicts the iteration time and throughput only";
    }

    @Override
    protected Prediction stepTime(Config config) {
        MegatronJobs.Either t = jobs.terms(config, method);
        if (t.terms().isEmpty()) {
            return t.refusal();
        }
        return Prediction.of(t.terms().get().seconds(efficiency, overlap));
    }
}
