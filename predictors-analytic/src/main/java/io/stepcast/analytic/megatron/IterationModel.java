package io.stepcast.analytic.megatron;

/**
 * The iteration time of one (model, layout, system) as a function of the fitted {@link Efficiency}: the
 * closed form ({@link JobTerms}) or the simulated schedule ({@link PipelineTerms}).
 */
interface IterationModel {
    /** Seconds of one iteration, the data-parallel all-reduce overlapped with the last backward pass or not. */
    double seconds(Efficiency e, boolean overlapData);

    /**
     * True when some tensor-parallel all-reduce is priced from the link figures, so that the fitted
     * {@link Efficiency#tensorLink()} acts on it; false when there are none or all are measured.
     */
    boolean tensorLinkMatters();

    /**
     * True when some layer's attention softmax falls back from the fused kernel, so that the fitted
     * {@link Efficiency#unfusedSoftmaxS()} adds to it; false when every layer runs the fused kernel.
     */
    boolean unfusedSoftmaxMatters();
}
