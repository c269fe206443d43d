package io.stepcast.evaluation.engine;

import java.util.Optional;

/**
 * How a run asks its engine to run: threads for the in-process pool, the cluster URL for a distributed engine, and
 * the user's hardware file, which a distributed engine's workers bind when they build their own registry (so that
 * they cost the same hardware as the driver).
 *
 * @param threads      in-process threads, at least 1
 * @param master       cluster URL ({@code --master}); empty for the engine's default
 * @param hardwareFile the absolute path of the run's hardware file ({@code --hardware-file}), when it has one; every
 *                     worker needs it at the same path, as it needs the data folder
 */
public record EngineOptions(int threads, Optional<String> master, Optional<String> hardwareFile) {
    public EngineOptions {
        if (threads < 1) {
            throw new IllegalArgumentException("threads must be at least 1, was " + threads);
        }
        master = master == null ? Optional.empty() : master;
        hardwareFile = hardwareFile == null ? Optional.empty() : hardwareFile;
    }

    /** Without a hardware file: the embedded catalog. */
    public EngineOptions(int threads, Optional<String> master) {
        this(threads, master, Optional.empty());
    }

    /** In-process on {@code threads} threads. */
    public static EngineOptions threads(int threads) {
        return new EngineOptions(threads, Optional.empty());
    }
}
