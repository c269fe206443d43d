package io.stepcast.analytic.estimators;

/**
 * How one model's terms are scaled in a fit pooled over several models of one hardware and architecture
 * ({@link ModelScales}): the compute terms by {@code compute}, the synchronisation terms by {@code sync}.
 *
 * @param compute       seconds of computation per sample on one GPU: the model's own 1-GPU rows, else its
 *                      forward FLOPs per sample at the rate the pool's other models show on their 1-GPU rows
 * @param sync          gigabytes of gradients one step synchronises (the model's parameter bytes)
 * @param computeSource where {@code compute} comes from, for the provenance ({@code 1-GPU row} or {@code FLOPs})
 */
public record ModelScale(double compute, double sync, String computeSource) {
    public ModelScale {
        if (!(compute > 0) || !Double.isFinite(compute) || !(sync > 0) || !Double.isFinite(sync)) {
            throw new IllegalArgumentException("model scales must be positive and finite, were " + compute + " and " + sync);
        }
    }

    /** The scale of a term: compute terms by {@link #compute}, the others by {@link #sync}. */
    public double of(boolean computeTerm) {
        return computeTerm ? compute : sync;
    }
}
