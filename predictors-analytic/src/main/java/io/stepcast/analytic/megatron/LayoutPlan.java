package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;

/**
 * One candidate layout of {@link LayoutPlanner}: its predicted iteration and its memory per GPU.
 *
 * @param layout        tensor, pipeline and data parallelism, micro-batch and micro-batches
 * @param seconds       predicted iteration time
 * @param pipelineS     the 1F1B schedule's share (bubble included)
 * @param p2pS          the pipeline's point-to-point share
 * @param dataS         the data-parallel (and embedding) all-reduce share not hidden; under FSDP, the exposed part of
 *                      its gathers and reduce-scatters
 * @param optimizerS    the optimizer step and fixed per-iteration share
 * @param stateBytes    weights, gradients and optimizer state per GPU, bytes
 * @param activationBytes stored activations per GPU, bytes
 * @param fits          whether state and activations fit the device memory
 * @param tflopsPerGpu  achieved model TFLOP/s per GPU: the iteration's model FLOPs ({@link ModelFlops}, no
 *                      recomputation counted) over the predicted time and the GPUs
 * @param mfu           model FLOPs utilisation: {@code tflopsPerGpu} over the device's catalogued peak for the
 *                      layout's precision ({@link PeakFlops})
 */
public record LayoutPlan(ParallelLayout layout, double seconds, double pipelineS, double p2pS, double dataS,
                         double optimizerS, double stateBytes, double activationBytes, boolean fits,
                         double tflopsPerGpu, double mfu) {

    /** Peak bytes per GPU: model state and stored activations. */
    public double memoryBytes() {
        return stateBytes + activationBytes;
    }
}
