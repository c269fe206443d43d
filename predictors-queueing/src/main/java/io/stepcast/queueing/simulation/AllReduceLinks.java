package io.stepcast.queueing.simulation;

import io.stepcast.api.collective.CatalogLinks;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.HierarchicalAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.collective.RingAlgorithm;
import io.stepcast.api.collective.TreeAlgorithm;
import io.stepcast.api.hardware.DeviceSpec;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;

/**
 * The all-reduce cost of a job's placement from the hardware catalog ({@link CatalogLinks}), for the all-reduce
 * mode of the simulation.
 *
 * <p>The hardware label names a catalogued system, or a device: a device's links are those of the catalogued
 * systems built with it when they all agree (every K80 system of the catalog puts its GPUs on a PCIe 3 x16
 * tree), and unknown when they disagree. Inside a node: the catalog's intra-node link
 * ({@link CatalogLinks#intraNode}); a stated ring bandwidth (the configuration's {@code intra_node_gbps}, else the
 * {@code intra-node-gbps} hyper-parameter) replaces its bandwidth and stands in when the catalog has none.
 * Across nodes: the configuration's own bandwidth when it states one (a measured setting's figure overrides the
 * catalog), else the catalog's NICs, else the {@code bandwidth-gbps} hyper-parameter; the latency is the NIC's,
 * else {@code latency-us}. One node runs the ring (or tree) over its intra-node link; several nodes the two-level
 * {@link HierarchicalAlgorithm}. Each call takes the fastest of NCCL's protocol regimes ({@link NcclProtocol}),
 * as NCCL's tuner picks the one of lowest modelled time. Only a placement with several GPUs on a node whose
 * intra-node link nothing gives is refused, naming that figure. Thread-safe.
 */
public final class AllReduceLinks {
    private static final double GBPS = 1e9 / 8;

    private final Optional<HardwareCatalog> catalog;
    private final Optional<CatalogLinks> links;

    /** @param catalog the hardware catalog, when one is bound */
    public AllReduceLinks(Optional<HardwareCatalog> catalog) {
        this.catalog = Objects.requireNonNull(catalog, "catalog");
        this.links = catalog.map(CatalogLinks::new);
    }

    /**
     * A cost, or the reason there is none.
     *
     * @param cost   the all-reduce cost over the placement
     * @param reason why there is none (empty when there is one)
     * @param times  the time of every collective kind over the placement, when there is a cost
     */
    public record Resolved(Optional<CollectiveCost> cost, String reason, Optional<CollectiveTimes> times) {
        /** A result without per-collective times. */
        public Resolved(Optional<CollectiveCost> cost, String reason) {
            this(cost, reason, Optional.empty());
        }
    }

    /**
     * @param hardware        the configuration's hardware label
     * @param placement       GPUs on each node
     * @param configGbps      the configuration's network bandwidth per host, when stated
     * @param fallbackGbps    {@code bandwidth-gbps}
     * @param fallbackLatencyS {@code latency-us} in seconds
     * @param intraGbps       the stated ring bandwidth per GPU inside a node, Gbit/s (0: from the catalog only)
     * @param tree            tree rather than ring
     * @param intraHint       how the caller can give the intra-node bandwidth (ends the refusal)
     */
    public Resolved resolve(String hardware, Placement placement, OptionalDouble configGbps, double fallbackGbps,
                            double fallbackLatencyS, double intraGbps, boolean tree, String intraHint) {
        return resolve(hardware, placement, configGbps, fallbackGbps, fallbackLatencyS, intraGbps, tree, intraHint, 1);
    }

    /**
     * As {@link #resolve(String, Placement, OptionalDouble, double, double, double, boolean, String)}, with the
     * inter-node link carrying {@code nicEfficiency} (in (0, 1]) of its bandwidth ({@link NetworkEfficiencyFit}).
     */
    public Resolved resolve(String hardware, Placement placement, OptionalDouble configGbps, double fallbackGbps,
                            double fallbackLatencyS, double intraGbps, boolean tree, String intraHint,
                            double nicEfficiency) {
        if (placement.ranks() == 1) {
            return new Resolved(Optional.of(bytes -> 0), "", Optional.of((op, bytes) -> 0));
        }
        List<SystemSpec> systems = systems(hardware);
        LinkCost intra = null;
        NcclProtocol.Hardware intraHw = NcclProtocol.Hardware.PCI;
        if (placement.maxPerNode() > 1) {
            Set<String> seen = new LinkedHashSet<>();
            for (SystemSpec s : systems) {
                Optional<LinkCost> c = links.get().intraNode(s, placement.maxPerNode());
                Optional<NcclProtocol.Hardware> hw = links.get().intraHardware(s);
                if (c.isPresent() && hw.isPresent()) {
                    seen.add(c.get() + "|" + hw.get());
                    intra = c.get();
                    intraHw = hw.get();
                }
            }
            if (seen.size() > 1) {
                intra = null;
            }
            if (intraGbps > 0) {
                intra = new LinkCost(intra != null ? intra.alphaS() : fallbackLatencyS, intraGbps * GBPS);
            }
            if (intra == null) {
                return new Resolved(Optional.empty(), String.format(Locale.ROOT,
                        "the intra-node link bandwidth of hardware '%s' is unknown (%s) for %d GPUs per node; %s",
                        hardware, why(hardware, systems, seen.size()), placement.maxPerNode(), intraHint));
            }
        }
        LinkCost inter = null;
        if (placement.nodes() > 1) {
            Optional<LinkCost> nic = agreed(systems);
            double latency = nic.map(LinkCost::alphaS).orElse(fallbackLatencyS);
            if (configGbps.isPresent()) {
                inter = new LinkCost(latency, configGbps.getAsDouble() * GBPS);
            } else {
                inter = nic.orElse(new LinkCost(latency, fallbackGbps * GBPS));
            }
            if (nicEfficiency != 1) {
                inter = new LinkCost(inter.alphaS(), inter.bytesPerS() * nicEfficiency);
            }
        }
        List<CollectiveAlgorithm> algorithms = new ArrayList<>();
        for (NcclProtocol protocol : NcclProtocol.values()) {
            CollectiveAlgorithm inside = intra == null ? null : algorithm(intra, protocol, intraHw, tree);
            if (inter == null) {
                algorithms.add(inside);
            } else {
                CollectiveAlgorithm across = algorithm(inter, protocol, NcclProtocol.Hardware.NET, tree);
                // With one GPU per node the intra-node phases have a single rank and cost nothing.
                algorithms.add(new HierarchicalAlgorithm(inside == null ? across : inside, across));
            }
        }
        List<CollectiveAlgorithm> fixed = List.copyOf(algorithms);
        List<CollectiveAlgorithm> flat = new ArrayList<>();
        if (inter != null) {
            // The two-level schedule has no all-to-all: every rank exchanges over the NICs, one flat ring.
            for (NcclProtocol protocol : NcclProtocol.values()) {
                flat.add(algorithm(inter, protocol, NcclProtocol.Hardware.NET, tree));
            }
        }
        Placement flatPlacement = AllReduceLinks.placement(placement.ranks(), placement.ranks());
        boolean acrossNodes = inter != null;
        CollectiveTimes times = (op, bytes) -> {
            boolean exchange = op == Collective.ALL_TO_ALL && acrossNodes;
            double best = Double.POSITIVE_INFINITY;
            for (CollectiveAlgorithm a : exchange ? flat : fixed) {
                best = Math.min(best, a.seconds(op, bytes, exchange ? flatPlacement : placement));
            }
            return best;
        };
        return new Resolved(Optional.of(bytes -> times.seconds(Collective.ALL_REDUCE, bytes)), "", Optional.of(times));
    }

    /** The time of any collective over the job's placement, from the cost model. */
    @FunctionalInterface
    public interface CollectiveTimes {
        /** Seconds for {@code op} on {@code bytes} (the buffer it is named after) over every rank of the job. */
        double seconds(Collective op, double bytes);
    }

    private static CollectiveAlgorithm algorithm(LinkCost link, NcclProtocol p, NcclProtocol.Hardware hw, boolean tree) {
        return tree ? TreeAlgorithm.nccl(link, p, hw) : RingAlgorithm.nccl(link, p, hw);
    }

    /** The inter-node link all candidate systems agree on. */
    private Optional<LinkCost> agreed(List<SystemSpec> systems) {
        Set<LinkCost> seen = new LinkedHashSet<>();
        for (SystemSpec s : systems) {
            links.get().interNode(s).ifPresent(seen::add);
        }
        return seen.size() == 1 ? Optional.of(seen.iterator().next()) : Optional.empty();
    }

    /** {@code workers} ranks spread as evenly as possible over {@code nodes} nodes (the first ones fuller). */
    public static Placement placement(int workers, int nodes) {
        int n = Math.min(nodes, workers);
        List<Integer> perNode = new ArrayList<>();
        for (int i = 0; i < n; i++) {
            perNode.add(workers / n + (i < workers % n ? 1 : 0));
        }
        return new Placement(perNode);
    }

    /** True when the label is in the catalog (or there is no catalog to ask). */
    public boolean known(String label) {
        return catalog.isEmpty() || catalog.get().find(label).isPresent();
    }

    /** The catalog's closest names to an unknown label. */
    public List<String> closest(String label) {
        return catalog.map(c -> c.closest(label, 3)).orElse(List.of());
    }

    /** GPUs per node of the system a label names, when it names one. */
    public OptionalInt devicesPerNode(String label) {
        return catalog.flatMap(c -> c.system(label)).map(s -> OptionalInt.of(s.devicesPerNode()))
                .orElse(OptionalInt.empty());
    }

    /**
     * GPUs per node of the system a label names, or of every catalogued system of the device it names when they
     * all agree (every A100 system of the catalog has 8).
     */
    public OptionalInt devicesPerNodeOfSystems(String label) {
        Set<Integer> seen = new LinkedHashSet<>();
        for (SystemSpec s : systems(label)) {
            seen.add(s.devicesPerNode());
        }
        return seen.size() == 1 ? OptionalInt.of(seen.iterator().next()) : OptionalInt.empty();
    }

    /** The system a label names, or every catalogued system of the device it names. */
    private List<SystemSpec> systems(String label) {
        if (catalog.isEmpty()) {
            return List.of();
        }
        HardwareCatalog c = catalog.get();
        Optional<SystemSpec> system = c.system(label);
        if (system.isPresent()) {
            return List.of(system.get());
        }
        Optional<DeviceSpec> device = c.device(label);
        if (device.isEmpty()) {
            return List.of();
        }
        List<SystemSpec> out = new ArrayList<>();
        for (var e : c.entries()) {
            if (e instanceof SystemSpec s && c.device(s.device()).map(DeviceSpec::name)
                    .equals(Optional.of(device.get().name()))) {
                out.add(s);
            }
        }
        return out;
    }

    private String why(String label, List<SystemSpec> systems, int distinct) {
        if (catalog.isEmpty()) {
            return "no hardware catalog on the class path";
        }
        if (catalog.get().find(label).isEmpty()) {
            return "not in the hardware catalog, closest: " + String.join(", ", catalog.get().closest(label, 3));
        }
        if (distinct > 1) {
            return "the catalogued systems with it disagree: "
                    + String.join(", ", systems.stream().map(SystemSpec::name).toList());
        }
        return systems.isEmpty() ? "no catalogued system has it" : "the catalog gives no intra-node link figures";
    }
}
