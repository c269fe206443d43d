package io.stepcast.app.cli;

import io.stepcast.api.Gibibytes;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * A predictor's peak memory per GPU for a configuration ({@link io.stepcast.api.PeakMemory}) against the memory of the
 * configuration's GPU, where the hardware catalog states it: whether the job it times can run at all. {@code predict}
 * shows it beside each time and {@code evaluate} counts the test rows that do not fit, so that a close time is never
 * read as a run the model thinks impossible.
 *
 * @param peakBytes   the estimated peak bytes per GPU
 * @param deviceBytes the GPU's memory, bytes, when the catalog knows the hardware and its memory
 */
record MemoryVerdict(double peakBytes, OptionalDouble deviceBytes) {
    /** The verdict for a peak estimate on {@code hardware}, its GPU's memory from {@code catalog} when it has it. */
    static MemoryVerdict of(double peakBytes, String hardware, Optional<HardwareCatalog> catalog) {
        return new MemoryVerdict(peakBytes, catalog.map(h -> h.deviceMemoryBytes(hardware))
                .orElse(OptionalDouble.empty()));
    }

    /** Whether the peak fits the GPU's memory; empty when that memory is unknown. */
    Optional<Boolean> fits() {
        return deviceBytes.isPresent() ? Optional.of(peakBytes <= deviceBytes.getAsDouble()) : Optional.empty();
    }

    /** True only when the GPU's memory is known and the peak exceeds it. */
    boolean overflows() {
        return fits().map(f -> !f).orElse(false);
    }

    /** The peak in GiB ({@link Gibibytes}), one decimal. */
    String peakGib() {
        return Gibibytes.format(peakBytes);
    }

    /** The GPU's memory in GiB, one decimal, or {@code ?}. */
    String deviceGib() {
        return deviceBytes.isPresent() ? Gibibytes.format(deviceBytes.getAsDouble()) : "?";
    }

    /** {@code yes}, {@code NO}, or {@code ?} when the GPU's memory is unknown. */
    String fitsText() {
        return fits().map(f -> f ? "yes" : "NO").orElse("?");
    }
}
