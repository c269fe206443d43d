package io.stepcast.models.compute;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;

/**
 * The part of a worker's step that does not grow with its batch, where a single measured batch cannot show it: the
 * passes of the model's parameters through device memory that every step makes whatever its batch (the forward
 * and the backward pass read the weights, the backward pass writes the gradients, the optimizer reads weights and
 * gradients and writes the weights: {@value #PASSES} passes), at the memory bandwidth the hardware catalog gives the
 * device. It is a lower bound on the fixed part (kernel launches and framework overhead come on top), so small batches
 * stay optimistic, but never proportional to zero. Absent when the label's device or the parameter bytes are not known.
 */
public final class ParameterPasses {
    /** Passes over the parameters per step: the weights read twice, the gradients written, the update's three. */
    public static final int PASSES = 6;

    private final Optional<HardwareCatalog> catalog;

    /**
     * @param catalog the hardware catalog, when one is bound
     */
    public ParameterPasses(Optional<HardwareCatalog> catalog) {
        this.catalog = catalog;
    }

    /** Seconds per step of the parameter passes on {@code hardware}'s device, when both are known. */
    public OptionalDouble fixedSeconds(String hardware, OptionalLong parameterBytes) {
        OptionalDouble bytesPerS = memoryBytesPerS(hardware);
        if (parameterBytes.isEmpty() || bytesPerS.isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(PASSES * parameterBytes.getAsLong() / bytesPerS.getAsDouble());
    }

    /** Bytes per second of the memory of {@code hardware}'s device, when the catalog knows it. */
    public OptionalDouble memoryBytesPerS(String hardware) {
        if (catalog.isEmpty() || hardware == null) {
            return OptionalDouble.empty();
        }
        Optional<DeviceSpec> device = catalog.get().device(hardware);
        if (device.isEmpty() || device.get().memoryBandwidthGBs().isEmpty()) {
            return OptionalDouble.empty();
        }
        return OptionalDouble.of(device.get().memoryBandwidthGBs().getAsDouble() * 1e9);
    }

    /**
     * The fixed part a line through one measured step of {@code stepS} takes from {@code fixedS}: at most half the
     * step, since the parameter passes are a lower bound that a measured step of a small batch can hold only in part.
     */
    public static double capped(double fixedS, double stepS) {
        return Math.min(fixedS, 0.5 * stepS);
    }
}
