package io.stepcast.analytic.megatron;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.List;
import java.util.Optional;

/**
 * Why a hardware label cannot carry a Megatron layout, which needs a system's links (NVLink inside a node, the NICs
 * across): a GPU's label is told the catalogued systems built with that GPU, since the closest names by spelling are
 * the GPU's own; any other label, the systems the catalog suggests for it ({@link HardwareCatalog#suggestedSystems}),
 * never a GPU, a link or a NIC; a label the catalog can say more of ({@link HardwareCatalog#whyUnknown}: a composed
 * label's unknown part, a GPU it does not have), that.
 */
final class NotASystem {
    private NotASystem() {
    }

    /** The refusal for {@code label}, which is not a system of {@code catalog}. */
    static String message(HardwareCatalog catalog, String label) {
        Optional<DeviceSpec> device = catalog.system(label).isEmpty() ? catalog.device(label) : Optional.empty();
        if (device.isPresent()) {
            List<String> systems = catalog.systemsBuiltWith(List.of(device.get().name())).stream().map(SystemSpec::name)
                    .toList();
            return "hardware '" + label + "' is a GPU, not a system: a layout needs the links between its GPUs"
                    + (systems.isEmpty() ? " (the catalog has no system built with it: compose one of catalogued parts, "
                            + "e.g. '" + device.get().name() + "+gpus=8+intra=LINK+nic=NIC+nics=N', or state one in a "
                            + "hardware file, --hardware-file FILE)"
                            : " (systems built with it: " + String.join(", ", systems) + ")");
        }
        Optional<String> why = catalog.find(label).isEmpty() ? catalog.whyUnknown(label) : Optional.empty();
        if (why.isPresent()) {
            // A composed label's unknown part, or a GPU the catalog lacks: that, and how to state it.
            return why.get();
        }
        List<String> close = catalog.suggestedSystems(label);
        return "hardware '" + label + "' is not a system of the catalog" + (close.isEmpty()
                ? " (no system is named like it; stepcast hardware list shows the systems)"
                : ": did you mean " + String.join(" or ", close) + "?");
    }
}
