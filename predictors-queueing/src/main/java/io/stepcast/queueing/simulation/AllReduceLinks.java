package io.stepcast.queueing.simulation;

import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.models.collective.CatalogSystems;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.models.collective.CollectiveCost;
import io.stepcast.models.collective.UnknownSystem;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.CataloguedNetwork;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The all-reduce cost of a job's placement from the hardware catalog ({@link CatalogLinks}), for the all-reduce
 * mode of the simulation: the simulation's options in the terms of the shared cost model
 * ({@link CollectiveCost}), and its refusals in words.
 *
 * <p>The hardware label names a catalogued system, or a device: a device's links are those of the catalogued
 * systems built with it when they all agree (every K80 system of the catalog puts its GPUs on a PCIe 3 x16
 * tree), and unknown when they disagree. Inside a node: the catalog's intra-node link
 * ({@link CatalogLinks#intraNode}); a stated ring bandwidth (the configuration's {@code intra_node_gbps}, else the
 * {@code intra-node-gbps} hyper-parameter) replaces its bandwidth and stands in when the catalog has none.
 * Across nodes: the configuration's own bandwidth when it states one (a measured setting's figure overrides the
 * catalog), else the catalog's NICs, else the {@code bandwidth-gbps} hyper-parameter; the latency is the NIC's,
 * else {@code latency-us}. One node runs the ring (or tree) over its intra-node link; several nodes the two-level
 * schedule. Each call takes the fastest of NCCL's protocol regimes,
 * as NCCL's tuner picks the one of lowest modelled time. Only a placement with several GPUs on a node whose
 * intra-node link nothing gives is refused, naming that figure. The same network across nodes is what a
 * parameter-server job's transfers between hosts cross ({@link #networkBytesPerS}). Thread-safe.
 */
public final class AllReduceLinks {
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
    public record Resolved(Optional<AllReduceTimer> cost, String reason, Optional<CollectiveTimes> times) {
        /** A result without per-collective times. */
        public Resolved(Optional<AllReduceTimer> cost, String reason) {
            this(cost, reason, Optional.empty());
        }
    }

    /** A query for the links of {@code hardware} over {@code placement}, its options set on the builder. */
    public Query query(String hardware, Placement placement) {
        return new Query(hardware, placement);
    }

    /**
     * What a caller asks of the links, beyond the hardware label and the placement; each option has a default.
     * Not thread-safe, used once.
     */
    public final class Query {
        private final String hardware;
        private final Placement placement;
        private OptionalDouble configGbps = OptionalDouble.empty();
        /** The {@code bandwidth-gbps} default of the simulation and MVA. */
        private double fallbackGbps = 10;
        private double fallbackLatencyS;
        private double intraGbps;
        private boolean tree;
        private String intraHint = "";
        private double nicEfficiency = 1;
        private double intraEfficiency = 1;

        private Query(String hardware, Placement placement) {
            this.hardware = hardware;
            this.placement = Objects.requireNonNull(placement, "placement");
        }

        /** The configuration's network bandwidth per host, when stated: it overrides the catalog's NICs. */
        public Query configGbps(OptionalDouble gbps) {
            this.configGbps = gbps;
            return this;
        }

        /** {@code bandwidth-gbps}: the network bandwidth per host when neither the configuration nor the catalog gives one. */
        public Query fallbackGbps(double gbps) {
            this.fallbackGbps = gbps;
            return this;
        }

        /** {@code latency-us} in seconds: the latency of a hop the catalog does not give (default 0). */
        public Query fallbackLatencyS(double seconds) {
            this.fallbackLatencyS = seconds;
            return this;
        }

        /** The stated ring bandwidth per GPU inside a node, Gbit/s; 0 (the default) for the catalog's only. */
        public Query intraGbps(double gbps) {
            this.intraGbps = gbps;
            return this;
        }

        /** Tree rather than ring. */
        public Query tree(boolean tree) {
            this.tree = tree;
            return this;
        }

        /** How the caller can give the intra-node bandwidth (ends the refusal). */
        public Query intraHint(String hint) {
            this.intraHint = hint;
            return this;
        }

        /** The share, in (0, 1], of the inter-node link's bandwidth the network carries ({@link LinkEfficiencyFit}). */
        public Query nicEfficiency(double efficiency) {
            this.nicEfficiency = efficiency;
            return this;
        }

        /** The share, in (0, 1], of the intra-node link's bandwidth the ranks achieve ({@link LinkEfficiencyFit}). */
        public Query intraEfficiency(double efficiency) {
            this.intraEfficiency = efficiency;
            return this;
        }

        /** The cost over the placement, or the reason there is none. */
        public Resolved resolve() {
            if (placement.ranks() == 1) {
                return new Resolved(Optional.of(bytes -> 0), "", Optional.of((op, bytes) -> 0));
            }
            List<SystemSpec> systems = systems(hardware);
            CollectiveCost.Resolution r = costOver(systems);
            if (r.missing().orElse(null) == CollectiveCost.Missing.GPUS_PER_NODE) {
                return new Resolved(Optional.empty(), CollectiveCost.Missing.tooManyPerNode(systems.get(0),
                        placement.maxPerNode()));
            }
            if (r.cost().isEmpty()) {
                return new Resolved(Optional.empty(), String.format(Locale.ROOT,
                        "the intra-node link bandwidth of hardware '%s' is unknown (%s) for %d GPUs per node; %s",
                        hardware, why(hardware, systems, r.missing().orElseThrow()), placement.maxPerNode(),
                        intraHint));
            }
            CollectiveCost cost = r.cost().get();
            return new Resolved(Optional.of(bytes -> cost.seconds(Collective.ALL_REDUCE, bytes)), "",
                    Optional.of(cost::seconds));
        }

        /** The shared cost model over the placement, set up from the systems' links and this query's options. */
        private CollectiveCost.Resolution costOver(List<SystemSpec> systems) {
            CollectiveCost.Builder b = CollectiveCost.over(placement)
                    .statedIntraNodeGbps(intraGbps > 0 ? OptionalDouble.of(intraGbps) : OptionalDouble.empty())
                    .statedInterNodeGbps(configGbps).defaultInterNodeGbps(fallbackGbps)
                    .defaultLatencyS(fallbackLatencyS).interNodeEfficiency(nicEfficiency)
                    .intraNodeEfficiency(intraEfficiency)
                    .algorithm(tree ? CollectiveCost.Algorithm.TREE : CollectiveCost.Algorithm.RING);
            links.ifPresent(l -> b.systems(l, systems, CollectiveCost.Agreement.SYSTEMS_WITH_THE_FIGURE));
            return b.resolve();
        }
    }

    /**
     * The network bandwidth per node across nodes, bytes/s per direction, as the all-reduce cost takes it
     * ({@link CollectiveCost}): the stated bandwidth, else the NICs of the catalogued system the label names (or of
     * every catalogued system of the GPU it names, when they agree), else {@code fallbackGbps}. What a
     * parameter-server job's transfers between hosts cross, so that both kinds of job read one network.
     *
     * @param hardware     the hardware label (a system, a GPU, or {@code unknown})
     * @param configGbps   the configuration's stated {@code bandwidth_gbps}
     * @param fallbackGbps the {@code bandwidth-gbps} hyper-parameter
     */
    public double networkBytesPerS(String hardware, OptionalDouble configGbps, double fallbackGbps) {
        String label = hardware == null ? "" : hardware;
        // One GPU on each of two nodes: the hop across nodes is all the placement needs, and no node's GPU count
        // can refuse it.
        Query q = query(label, Placement.spread(2, 2)).configGbps(configGbps).fallbackGbps(fallbackGbps);
        return q.costOver(label.isBlank() ? List.of() : systems(label)).cost().flatMap(CollectiveCost::interNode)
                .map(LinkCost::bytesPerS).orElse(configGbps.orElse(fallbackGbps) * 1e9 / 8);
    }

    /** The time of any collective over the job's placement, from the cost model. */
    @FunctionalInterface
    public interface CollectiveTimes {
        /** Seconds for {@code op} on {@code bytes} (the buffer it is named after) over every rank of the job. */
        double seconds(Collective op, double bytes);
    }

    /**
     * When a job over {@code placement} on {@code hardware} costs its network across nodes at the default bandwidth
     * (several nodes, no stated bandwidth, and no single network in the catalog for the label:
     * {@link CataloguedNetwork}), which network the default stood for, e.g. {@code network across nodes: the default
     * bandwidth-gbps, 10 Gbit/s per node, since hardware 'V100-SXM2-16GB' names a GPU whose catalogued systems have
     * different networks (...)}; empty otherwise. What {@code Predictor#basis} says beside such an answer.
     */
    public Optional<String> defaultNetwork(String hardware, Placement placement, OptionalDouble configGbps,
                                           double fallbackGbps) {
        if (placement.nodes() < 2 || configGbps.isPresent()) {
            return Optional.empty();
        }
        Optional<String> why = catalog.isEmpty() ? Optional.of("has no hardware catalog to give its NICs")
                : CataloguedNetwork.missing(catalog.get(), hardware);
        return why.map(w -> String.format(Locale.ROOT, "network across nodes: the default bandwidth-gbps, %s Gbit/s"
                + " per node, since hardware '%s' %s (state bandwidth_gbps, or a system as the hardware label)",
                fallbackGbps == Math.rint(fallbackGbps) ? String.format(Locale.ROOT, "%.0f", fallbackGbps)
                        : String.format(Locale.ROOT, "%.4g", fallbackGbps), hardware, w));
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
        return CatalogSystems.devicesPerNode(systems(label));
    }

    /** The system a label names, or every catalogued system of the device it names. */
    private List<SystemSpec> systems(String label) {
        return catalog.map(c -> CatalogSystems.of(c, label)).orElse(List.of());
    }

    private String why(String label, List<SystemSpec> systems, CollectiveCost.Missing missing) {
        if (catalog.isEmpty()) {
            return "no hardware catalog on the class path";
        }
        if (catalog.get().find(label).isEmpty()) {
            String hint = UnknownSystem.hint(catalog.get(), label);
            // The catalog's own reason may already say so (a count after a system's name, DGX-1 x 4): not twice.
            return hint.contains("not in the hardware catalog") ? hint : "not in the hardware catalog; " + hint;
        }
        if (missing == CollectiveCost.Missing.INTRA_NODE_DISAGREES) {
            return "the catalogued systems with it disagree: "
                    + String.join(", ", systems.stream().map(SystemSpec::name).toList());
        }
        return systems.isEmpty() ? "no catalogued system has it" : "the catalog gives no intra-node link figures";
    }
}
