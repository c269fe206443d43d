package io.stepcast.queueing.simulation;

/**
 * Times the all-reduce of one gradient bucket over the simulated job's placement, as the all-reduce simulator
 * asks for it; {@link AllReduceLinks} builds one from the collective cost model.
 */
@FunctionalInterface
public interface AllReduceTimer {

    /** Seconds to all-reduce {@code bytes} over every rank of the job. */
    double allReduceSeconds(double bytes);
}
