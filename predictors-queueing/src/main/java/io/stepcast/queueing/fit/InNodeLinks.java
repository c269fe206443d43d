package io.stepcast.queueing.fit;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.LinkSpec;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The link over which a device reaches a parameter server inside its own node: the intra-node link the hardware
 * catalog gives the system a label names (a PCIe x16 slot of a PCIe tree, a GPU's NVLink bricks), one per device.
 * A parameter-server job on one machine (TensorFlow's single-server {@code parameter_server} mode) moves each
 * device's gradients and parameters over that device's own link, so the copies of several devices run side by
 * side instead of queueing on one host bus. The host's memory and the PCIe root complexes are not modelled (the
 * catalog does not list them); a label that is not a catalogued system with a known link gets none, and the
 * predictors keep their {@code host-bus-gbps} hyper-parameter.
 */
public final class InNodeLinks {
    private final Optional<HardwareCatalog> catalog;

    /**
     * @param catalog the hardware catalog, when one is bound
     */
    public InNodeLinks(Optional<HardwareCatalog> catalog) {
        this.catalog = catalog;
    }

    /** Bytes per second and direction of one device's intra-node link on {@code hardware}, when catalogued. */
    public OptionalDouble perDeviceBytesPerS(String hardware) {
        if (catalog.isEmpty() || hardware == null) {
            return OptionalDouble.empty();
        }
        Optional<SystemSpec> system = catalog.get().system(hardware);
        Optional<LinkSpec> link = system.flatMap(catalog.get()::intraLink);
        return link.map(l -> OptionalDouble.of(l.perGpuGBs() * 1e9)).orElse(OptionalDouble.empty());
    }
}
