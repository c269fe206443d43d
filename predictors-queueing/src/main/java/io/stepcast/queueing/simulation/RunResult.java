package io.stepcast.queueing.simulation;

/**
 * The outcome of one simulation run (one seed).
 *
 * @param stepsPerS        SGD steps per second summed over all workers (devices), measured after warm-up
 * @param stepTimeS        mean time of one measured step of a worker, seconds
 * @param simulatedTimeS   simulated time at the end of the run, seconds
 * @param events           events processed (timed events plus transfer completions)
 * @param receiveOffsetsS  for worker 0's last measured step: when each tensor arrived, seconds after the step
 *                         started (in profile tensor order)
 */
public record RunResult(double stepsPerS, double stepTimeS, double simulatedTimeS, long events,
                        double[] receiveOffsetsS) {
}
