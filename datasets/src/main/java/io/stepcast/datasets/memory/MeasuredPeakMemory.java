package io.stepcast.datasets.memory;

import io.stepcast.api.Config;
import io.stepcast.api.Validate;

import java.util.Objects;

/**
 * One training run's measured peak device memory per GPU.
 *
 * @param config    the run: model, hardware and 3D-parallel layout
 * @param peakBytes the measured peak bytes allocated on one GPU
 * @param source    where the figure was published
 */
public record MeasuredPeakMemory(Config config, double peakBytes, String source) {
    public MeasuredPeakMemory {
        Objects.requireNonNull(config, "config");
        Validate.positive(peakBytes, "peak_memory_bytes");
        Validate.text(source, "source");
    }
}
