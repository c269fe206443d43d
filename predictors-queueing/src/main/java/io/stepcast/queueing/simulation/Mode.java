package io.stepcast.queueing.simulation;

import java.util.Locale;

/** Whether workers wait for each other (docs/methods.md section 1). */
public enum Mode {
    /** Asynchronous SGD: no barrier across workers; the parameter server always holds the latest value. */
    ASYNC,
    /**
     * Synchronous SGD: the parameter server updates a tensor once the gradients of all workers for that step
     * have arrived, and only then sends the new value (a per-tensor barrier, as TensorFlow's per-variable
     * gradient accumulators and {@code distributed_replicated}'s per-variable sync queues do).
     */
    SYNC;

    /** Lower-case name. */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** Parses {@code async|sync}. */
    public static Mode parse(String text) {
        for (Mode m : values()) {
            if (m.name().equalsIgnoreCase(text.trim())) {
                return m;
            }
        }
        throw new IllegalArgumentException("unknown mode '" + text + "' (expected async or sync)");
    }
}
