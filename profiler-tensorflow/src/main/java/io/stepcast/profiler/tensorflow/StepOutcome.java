package io.stepcast.profiler.tensorflow;

import org.tensorflow.proto.StepStats;

import java.util.Optional;

/**
 * What one training step returned.
 *
 * @param loss      the mini-batch loss computed by the step (before its update)
 * @param wallNanos wall-clock time of the session run
 * @param stepStats TensorFlow's per-node statistics, for a traced step
 */
record StepOutcome(float loss, long wallNanos, Optional<StepStats> stepStats) {
}
