package io.stepcast.app.cli;

import io.stepcast.api.Gibibytes;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Comparator;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * For a run predicted not to fit its GPU, the same system built with a larger-memory variant of its GPU on which the
 * peak would fit ({@code dgx-a100}'s A100-SXM4-40GB against the A100-SXM4-80GB of {@code dgx-a100-80gb}). A label that
 * names a system without its GPUs' memory, as MLPerf Training's logs name theirs ({@code NVIDIA DGX A100}), is read
 * as the catalog's first variant; a run that ran on the larger one would be judged unable to run, and this says which
 * label states the other.
 */
final class LargerMemoryVariant {
    /** A device name's memory suffix ({@code -40GB}, {@code -32GB-H}): the rest names the GPU model and form. */
    private static final Pattern MEMORY = Pattern.compile("-\\d+GB(-[A-Z])?$");

    private LargerMemoryVariant() {
    }

    /**
     * The sentence for {@code hardware} (a catalogued system, not composed) whose GPU holds less than
     * {@code peakBytes} while a catalogued variant of the same GPU holds enough, e.g. {@code dgx-a100 has A100-SXM4-40GB
     * (40.0 GiB); with A100-SXM4-80GB (80.0 GiB), dgx-a100-80gb, it would fit: state the GPUs' memory in the label if
     * yours had them}; empty otherwise.
     */
    static Optional<String> note(String hardware, double peakBytes, HardwareCatalog catalog) {
        if (hardware.contains("+")) {
            // A composed label states its device already.
            return Optional.empty();
        }
        Optional<SystemSpec> system = catalog.system(hardware);
        Optional<DeviceSpec> own = catalog.device(hardware);
        if (system.isEmpty() || own.isEmpty() || own.get().memoryBytes().isEmpty()) {
            return Optional.empty();
        }
        String model = MEMORY.matcher(own.get().name()).replaceFirst("");
        double ownBytes = own.get().memoryBytes().getAsDouble();
        return catalog.entries().stream().filter(DeviceSpec.class::isInstance).map(DeviceSpec.class::cast)
                .filter(d -> !d.name().equals(own.get().name()))
                .filter(d -> MEMORY.matcher(d.name()).replaceFirst("").equals(model))
                .filter(d -> d.memoryBytes().isPresent() && d.memoryBytes().getAsDouble() > ownBytes
                        && d.memoryBytes().getAsDouble() >= peakBytes)
                .min(Comparator.comparingDouble(d -> d.memoryBytes().getAsDouble()))
                .map(d -> hardware + " has " + own.get().name() + " (" + Gibibytes.format(ownBytes) + " GiB); with "
                        + d.name() + " (" + Gibibytes.format(d.memoryBytes().getAsDouble()) + " GiB), "
                        + label(system.get(), d, catalog) + ", it would fit: state the GPUs' memory in the label if"
                        + " yours had them");
    }

    /** The catalogued system that is {@code system} with {@code device}, else the composed label that states it. */
    private static String label(SystemSpec system, DeviceSpec device, HardwareCatalog catalog) {
        return catalog.entries().stream().filter(SystemSpec.class::isInstance).map(SystemSpec.class::cast)
                .filter(s -> s.device().equals(device.name()) && s.devicesPerNode() == system.devicesPerNode()
                        && s.name().startsWith(system.name()))
                .map(SystemSpec::name).findFirst().orElse(system.name() + "+device=" + device.name());
    }
}
