package io.stepcast.queueing.simulation;

/**
 * Throughput of one simulated configuration over several seeds.
 *
 * @param workers     workers (devices) simulated
 * @param stepsPerS   mean over seeds of the SGD steps per second summed over workers
 * @param spread      sample standard deviation of {@code stepsPerS} over the seeds (0 for one seed)
 * @param minStepsPerS smallest per-seed value
 * @param maxStepsPerS largest per-seed value
 * @param stepTimeS   mean step time of a worker, seconds
 * @param seeds       seeds run (1 for the deterministic policies)
 * @param events      events processed over all seeds
 * @param receiveOffsetsS arrival time of each tensor in worker 0's last step of the first seed, seconds
 *                        after the step started
 */
public record ThroughputEstimate(int workers, double stepsPerS, double spread, double minStepsPerS,
                                 double maxStepsPerS, double stepTimeS, int seeds, long events,
                                 double[] receiveOffsetsS) {

    /** Samples per second at the given local batch. */
    public double samplesPerS(int localBatch) {
        return stepsPerS * localBatch;
    }
}
