package io.stepcast.models.collective;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;

import java.util.List;
import java.util.Optional;

/**
 * What a link-based predictor says of a hardware label that names no catalogued system, in the catalog's words: a GPU
 * the catalog lacks, or a composed label's unknown part ({@link HardwareCatalog#whyUnknown}), else the systems the
 * catalog suggests for it ({@link HardwareCatalog#suggestedSystems}: those built with the GPU it names). The nearest
 * names by spelling alone told an H100 PCIe machine of a K80 instance and an A100 PCIe one of a CPU worker.
 */
public final class UnknownSystem {
    private UnknownSystem() {
    }

    /**
     * How to state the system of {@code label}: the catalog's reason when it has one ({@code hardware 'RTX 4090' names a
     * GPU the catalog does not have (...); a hardware file can state it (...)}), else {@code column hardware: a
     * catalogued system such as dgx-1-v100 or aws-p3.16xlarge, or one composed of parts, e.g.
     * 'V100-SXM2-16GB+gpus=N+intra=LINK' (stepcast hardware list shows the links)}.
     */
    public static String hint(HardwareCatalog catalog, String label) {
        Optional<String> why = catalog.find(label).isEmpty() ? catalog.whyUnknown(label) : Optional.empty();
        if (why.isPresent()) {
            return why.get();
        }
        List<String> near = catalog.suggestedSystems(label);
        String device = catalog.device(label).map(DeviceSpec::name).orElse("GPU");
        return "column hardware: " + (near.isEmpty() ? "no catalogued system is named like it; state"
                : "a catalogued system such as "
                + String.join(" or ", near) + ", or") + " one composed of parts, e.g. '" + device
                + "+gpus=N+intra=LINK' (stepcast hardware list shows the links)";
    }
}
