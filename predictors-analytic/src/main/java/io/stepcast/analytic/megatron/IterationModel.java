package io.stepcast.analytic.megatron;

/**
 * The iteration time of one (model, layout, system) as a function of the fitted {@link Efficiency}: the
 * closed form ({@link JobTerms}) or the simulated schedule ({@link PipelineTerms}).
 */
interface IterationModel {
    /** Seconds of one iteration, the data-parallel all-reduce overlapped with the last backward pass or not. */
    double seconds(Efficiency e, boolean overlapData);
}
