package io.stepcast.evaluation.engine;

import java.util.Optional;

/**
 * How a run asks its engine to run: threads for the in-process pool, the cluster URL for a distributed engine.
 *
 * @param threads in-process threads, at least 1
 * @param master  cluster URL ({@code --master}); empty for the engine's default
 */
public record EngineOptions(int threads, Optional<String> master) {
    public EngineOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        master = master == null ? Optional.empty() : master;
    }

    /** In-process on {@code threads} threads. */
    public static EngineOptions threads(int threads) {
        return new EngineOptions(threads, Optional.empty());
    }
}
