package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Locale;
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
    private static final double GB = 1e9;

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

    /** The peak in GB (10^9 bytes, as the catalog states memory), one decimal. */
    String peakGb() {
        return gb(peakBytes);
    }

    /** The GPU's memory in GB, one decimal, or {@code ?}. */
    String deviceGb() {
        return deviceBytes.isPresent() ? gb(deviceBytes.getAsDouble()) : "?";
    }

    /** {@code yes}, {@code NO}, or {@code ?} when the GPU's memory is unknown. */
    String fitsText() {
        return fits().map(f -> f ? "yes" : "NO").orElse("?");
    }

    private static String gb(double bytes) {
        return String.format(Locale.ROOT, "%.1f", bytes / GB);
    }
}
