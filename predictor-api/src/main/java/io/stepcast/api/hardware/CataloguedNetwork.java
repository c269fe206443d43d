package io.stepcast.api.hardware;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Whether the hardware catalog gives one network across nodes for a hardware label, as the link-based cost model
 * reads it: the system the label names, or every catalogued system built with the GPU it names, whose NICs (those
 * with a latency, the figure a hop needs) must agree on the bandwidth and latency per node. When they do not (a
 * bare {@code V100-SXM2-16GB} stands for a DGX-1 with four EDR NICs and for cloud instances with one Ethernet port)
 * or there is no such system, a predictor that costs the network across nodes takes its default bandwidth, which
 * is no figure of the machine: {@link #missing} says why, for a reader's note and a predictor's basis. Stateless.
 */
public final class CataloguedNetwork {
    /** How many systems a reason names before it stops. */
    private static final int SHOWN = 4;

    private CataloguedNetwork() {
    }

    /**
     * Why the catalog gives no single network across nodes for {@code label}, after {@code hardware 'LABEL' },
     * e.g. {@code names a GPU whose catalogued systems have different networks (dgx-1-v100 400, p3.16xlarge 25 ...
     * Gbit/s per node)}; empty when it gives one, or when the label is absent.
     */
    public static Optional<String> missing(HardwareCatalog catalog, String label) {
        if (label == null || label.isBlank() || label.trim().equalsIgnoreCase("unknown")) {
            return Optional.empty();
        }
        Optional<HardwareEntry> entry = catalog.find(label.trim());
        if (entry.isEmpty()) {
            return Optional.of("is not in the hardware catalog");
        }
        List<SystemSpec> systems = systems(catalog, entry.get());
        if (systems.isEmpty()) {
            return Optional.of(entry.get() instanceof DeviceSpec ? "names a GPU of no catalogued system"
                    : "names no system, whose NICs would give the network");
        }
        // Each distinct figure (bandwidth and latency per node) with the systems that have it, in catalog order.
        Map<List<Double>, List<String>> figures = new LinkedHashMap<>();
        for (SystemSpec s : systems) {
            catalog.nic(s).filter(n -> n.latencyUs().isPresent()).ifPresent(n -> figures.computeIfAbsent(
                    List.of(n.gbps() * s.nicsPerNode(), n.latencyUs().getAsDouble()), k -> new ArrayList<>())
                    .add(s.name()));
        }
        if (figures.size() == 1) {
            return Optional.empty();
        }
        if (figures.isEmpty()) {
            return Optional.of((systems.size() == 1 ? "names " + systems.get(0).name() + ", whose" : "names a GPU whose"
                    + " catalogued systems'") + " NICs have no bandwidth and latency in the catalog");
        }
        List<String> shown = new ArrayList<>();
        figures.forEach((figure, names) -> shown.add(names.get(0) + " " + number(figure.get(0))));
        String list = String.join(", ", shown.subList(0, Math.min(SHOWN, shown.size())))
                + (shown.size() > SHOWN ? ", ..." : "");
        return Optional.of("names a GPU whose catalogued systems have different networks (" + list
                + " Gbit/s per node)");
    }

    /** The system {@code entry} is, or every catalogued system built with the GPU it is. */
    private static List<SystemSpec> systems(HardwareCatalog catalog, HardwareEntry entry) {
        if (entry instanceof SystemSpec s) {
            return List.of(s);
        }
        if (entry instanceof DeviceSpec d) {
            return catalog.entries().stream().filter(SystemSpec.class::isInstance).map(SystemSpec.class::cast)
                    .filter(s -> catalog.device(s.device()).map(DeviceSpec::name).equals(Optional.of(d.name())))
                    .toList();
        }
        return List.of();
    }

    private static String number(double v) {
        return v == Math.rint(v) ? String.format(Locale.ROOT, "%.0f", v) : String.format(Locale.ROOT, "%.4g", v);
    }
}
