package io.stepcast.queueing.simulation;

/**
 * The time of one all-reduce of a bucket over the simulated job's placement, from the collective cost model
 * ({@link io.stepcast.api.collective.CollectiveAlgorithm}).
 */
@FunctionalInterface
public interface CollectiveCost {

    /** Seconds to all-reduce {@code bytes} over every rank of the job. */
    double allReduceSeconds(double bytes);
}
