package io.stepcast.models.collective;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The catalogued systems a hardware label stands for: the system it names, or every catalogued system built with
 * the device it names (a device's links are those of its systems, when they agree: {@link CollectiveCost}).
 */
public final class CatalogSystems {
    private CatalogSystems() {
    }

    /** The system {@code label} names, or every catalogued system of the device it names; empty when neither. */
    public static List<SystemSpec> of(HardwareCatalog catalog, String label) {
        Optional<SystemSpec> system = catalog.system(label);
        if (system.isPresent()) {
            return List.of(system.get());
        }
        Optional<DeviceSpec> device = catalog.device(label);
        if (device.isEmpty()) {
            return List.of();
        }
        List<SystemSpec> out = new ArrayList<>();
        for (var e : catalog.entries()) {
            if (e instanceof SystemSpec s && catalog.device(s.device()).map(DeviceSpec::name)
                    .equals(Optional.of(device.get().name()))) {
                out.add(s);
            }
        }
        return out;
    }

    /** The single system {@code label} stands for: the one it names, or the only one of the device it names. */
    public static Optional<SystemSpec> single(HardwareCatalog catalog, String label) {
        List<SystemSpec> systems = of(catalog, label);
        return systems.size() == 1 ? Optional.of(systems.get(0)) : Optional.empty();
    }

    /** GPUs per node of the systems when they all agree (and there is at least one). */
    public static OptionalInt devicesPerNode(List<SystemSpec> systems) {
        Set<Integer> seen = new LinkedHashSet<>();
        systems.forEach(s -> seen.add(s.devicesPerNode()));
        return seen.size() == 1 ? OptionalInt.of(seen.iterator().next()) : OptionalInt.empty();
    }
}
