package io.stepcast.api.selection;

import io.stepcast.api.Config;

/**
 * The statistical efficiency of training a job at a global batch: the progress one sample makes relative to a
 * sample at the job's reference batch, in (0, 1] for batches at or above it.
 */
@FunctionalInterface
public interface StatisticalEfficiency {

    /** Efficiency of {@code config}'s job at global batch {@code globalBatch}. */
    double efficiency(Config config, long globalBatch);
}
