package io.stepcast.api.selection;

import io.stepcast.api.Config;

/** Whether candidate batch sizes are per worker or for the whole job. */
public enum BatchScope {
    /** Per-worker batch (PyTorch, TensorFlow benchmark tables, Pollux traces). */
    LOCAL,
    /** Batch of the whole job, split over the workers (BigDL, Courier). */
    GLOBAL;

    /** The configuration with the candidate batch applied in this scope. */
    public Config apply(Config config, int batch) {
        return this == LOCAL ? config.withLocalBatch(batch) : config.withGlobalBatch(batch);
    }

    /** The batch of {@code config} as this scope counts it. */
    public long of(Config config) {
        return this == LOCAL ? config.localBatch() : config.globalBatch();
    }
}
