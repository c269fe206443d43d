package io.stepcast.datasets.hardware;

import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Comparator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;
import java.util.Set;
import java.util.stream.Stream;

/**
 * The catalogued systems built with the GPUs a label names by model, and memory when it states one ({@code 8x A100
 * 40GB}: the systems of A100-PCIE-40GB and A100-SXM4-40GB), as an unknown label's suggestion. A stated memory makes
 * the set exact, so it is listed whole, those with as many GPUs per node as the label counts first: cut to a few in
 * catalog order it named the clouds' instances and left out {@code dgx-a100}, the system a DGX README's label means.
 * So is the set of one named GPU ({@code 8x A100-SXM4-40GB}). Without a memory the set is every system of that GPU
 * model, and only the first few in catalog order are named.
 */
final class GpuSystems {
    private GpuSystems() {
    }

    /**
     * {@code ": did you mean X or Y (systems of D, E)?"} for the systems of the GPUs {@code label} names, or empty when
     * it names no catalogued GPU or no system is built with one.
     *
     * @param limit how many systems to name when the label states no memory
     */
    static Optional<String> suggestion(String label, HardwareCatalog catalog, int limit) {
        Found f = find(label, catalog, limit);
        return f.systems().isEmpty() ? Optional.empty() : Optional.of(": did you mean "
                + String.join(" or ", f.systems()) + " (systems of " + String.join(", ", f.devices()) + ")?");
    }

    /** The names of the systems of the GPUs {@code label} names, as {@link #suggestion} lists them; empty when none. */
    static List<String> systems(String label, HardwareCatalog catalog, int limit) {
        return find(label, catalog, limit).systems();
    }

    /**
     * The catalogued GPUs {@code label} names by model and every system built with them: the entries a suggestion
     * for it may name without naming another GPU.
     */
    static Set<String> entriesOfGpus(String label, HardwareCatalog catalog) {
        Found f = find(label, catalog, Integer.MAX_VALUE);
        Set<String> out = new LinkedHashSet<>(f.devices());
        out.addAll(f.systems());
        return out;
    }

    /**
     * The GPUs a label names and their systems.
     *
     * @param devices the catalogued GPUs the label names
     * @param systems the names of the systems built with them, as suggested
     */
    private record Found(List<String> devices, List<String> systems) {
    }

    private static Found find(String label, HardwareCatalog catalog, int limit) {
        List<DeviceSpec> devices = catalog.entries().stream().filter(DeviceSpec.class::isInstance)
                .map(DeviceSpec.class::cast).toList();
        List<String> named = DescribedSystem.devicesNamed(label, devices).stream().map(DeviceSpec::name).toList();
        Stream<SystemSpec> systems = catalog.systemsBuiltWith(named).stream();
        OptionalInt count = DescribedSystem.gpuCount(label);
        // One GPU named (A100-SXM4-40GB) makes the set exact, as a stated memory does.
        List<String> out = DescribedSystem.statesMemory(label) || named.size() == 1
                ? systems.sorted(Comparator.comparing((SystemSpec s) -> count.isPresent()
                        && s.devicesPerNode() != count.getAsInt())).map(SystemSpec::name).toList()
                : systems.limit(limit).map(SystemSpec::name).toList();
        return new Found(named, out);
    }
}
