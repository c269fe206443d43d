package io.stepcast.evaluation.selection;

/**
 * What the best SLO-feasible batch maximises when the oracle is computed from the measurements: the
 * measured accuracy (Courier: larger batches finish sooner but reach lower accuracy) or the measured
 * throughput, batch / latency (throughput traces, where accuracy is not measured).
 */
public enum Objective {
    /** Highest measured accuracy; ties go to the smaller batch (as in Courier's rule). */
    ACCURACY,
    /** Most samples per second, batch / measured latency. */
    THROUGHPUT,
    /**
     * Pollux's goodput (Qiao et al., OSDI 2021, section 3.1): measured samples per second of the whole job
     * times the statistical efficiency of its global batch, from the gradient noise scale of the Pollux
     * validation curves (see {@link PolluxNoiseScales}).
     */
    GOODPUT
}
