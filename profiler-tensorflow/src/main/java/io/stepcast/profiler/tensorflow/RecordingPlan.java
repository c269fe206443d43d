package io.stepcast.profiler.tensorflow;

import io.stepcast.api.Validate;

/**
 * How many steps a recording runs at each batch size: {@code warmup} steps first (not measured: graph
 * optimisation, memory pools and oneDNN primitive caches settle), then {@code steps} timed steps without
 * tracing, then one traced warm-up step (TensorFlow's first traced step pays for setting up the
 * tracer, about ten times a normal step here, and is discarded) and {@code tracedSteps} traced steps whose
 * timelines are kept.
 *
 * @param steps       timed untraced steps, at least 1
 * @param warmup      untimed steps before them, at least 0
 * @param tracedSteps traced steps kept, at least 1
 * @param threads     session thread pools
 * @param seed        seed of the initial weights and of the generated inputs
 */
public record RecordingPlan(int steps, int warmup, int tracedSteps, SessionThreads threads, long seed) {
    public RecordingPlan {
        Validate.positive(steps, "steps");
        Validate.nonNegative(warmup, "warmup");
        Validate.positive(tracedSteps, "traced-steps");
        Validate.present(threads, "threads");
    }

    /** Every step the recording runs, losses included. */
    public int totalSteps() {
        return warmup + steps + 1 + tracedSteps;
    }
}
