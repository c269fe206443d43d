package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.SystemSpec;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.Set;

/**
 * The time of collectives over one placement of ranks: the one place where the collective cost model is set up
 * from the hardware catalog's links ({@link CatalogLinks}), figures a caller states, and defaults. Built by
 * {@link #over(Placement)}; what it resolves:
 * <ul>
 *   <li>the links. Inside a node: the ring hop of the catalogued systems over the fullest node's GPUs
 *       ({@link CatalogLinks#intraNode(SystemSpec, int)}). Across nodes: their NICs together
 *       ({@link CatalogLinks#interNode(SystemSpec)}). Several systems (a device label stands for every system
 *       built with it) give a link only when they agree on it; a system without the figure is passed over, or,
 *       under {@link Agreement#EVERY_SYSTEM}, makes it unknown;</li>
 *   <li>override precedence, each of bandwidth and latency on its own: a stated bandwidth beats the catalog's,
 *       which beats a default bandwidth; the catalog's latency beats a default latency. A link whose bandwidth or
 *       latency nothing gives is missing, and so is the cost when the placement needs that link: inside a node
 *       when a node holds two ranks or more (or always, {@link Builder#requireIntraNode()}), across nodes when
 *       there are several;</li>
 *   <li>the protocol: the fastest of NCCL's regimes ({@link NcclProtocol}, as NCCL's tuner picks the one of
 *       lowest modelled time), of a chosen few, or the plain alpha-beta model without NCCL's latencies and
 *       bandwidth shares (Thakur, Rabenseifner and Gropp 2005);</li>
 *   <li>the algorithm: ring or tree ({@link RingAlgorithm}, {@link TreeAlgorithm}) on one node, the two-level
 *       {@link HierarchicalAlgorithm} with the same algorithm inside and across nodes on several, its phases one
 *       after the other or pipelined ({@link Schedule}). The two-level
 *       schedule has no all-to-all: across nodes every rank exchanges over the NICs, one flat algorithm;</li>
 *   <li>the efficiencies: the share of the NICs' bandwidth the network carries, and of the intra-node link's the
 *       ranks achieve (each 1 unless a fit says less); and the groups running the same collective at once on each
 *       node, which divide its NICs ({@link Builder#sharedNics}, 1 unless the caller says more).</li>
 * </ul>
 * A collective over one rank costs nothing. Immutable.
 */
public final class CollectiveCost {
    private final Placement placement;
    private final Optional<LinkCost> intra;
    private final Optional<LinkCost> inter;
    private final List<CollectiveAlgorithm> algorithms;
    private final List<CollectiveAlgorithm> flat;

    private CollectiveCost(Placement placement, Optional<LinkCost> intra, Optional<LinkCost> inter,
                           List<CollectiveAlgorithm> algorithms, List<CollectiveAlgorithm> flat) {
        this.placement = placement;
        this.intra = intra;
        this.inter = inter;
        this.algorithms = List.copyOf(algorithms);
        this.flat = List.copyOf(flat);
    }

    /** A builder of the cost of collectives over {@code placement}. */
    public static Builder over(Placement placement) {
        return new Builder(placement);
    }

    /** Where the ranks are. */
    public Placement placement() {
        return placement;
    }

    /** The resolved hop inside a node, before any protocol; empty when the placement did not need one. */
    public Optional<LinkCost> intraNode() {
        return intra;
    }

    /** The resolved hop across nodes (efficiency applied), before any protocol; empty on one node. */
    public Optional<LinkCost> interNode() {
        return inter;
    }

    /**
     * Seconds of {@code op} on {@code bytes} (the buffer it is named after, {@link CollectiveAlgorithm}) over every
     * rank of the placement: the fastest of the protocol regimes.
     *
     * @throws IllegalArgumentException when the algorithm has no such operation (a tree's all-to-all)
     */
    public double seconds(Collective op, double bytes) {
        CollectiveAlgorithm.check(bytes, placement);
        if (placement.ranks() == 1) {
            return 0;
        }
        boolean exchange = op == Collective.ALL_TO_ALL && placement.nodes() > 1;
        Placement over = exchange ? Placement.spread(placement.ranks(), placement.ranks()) : placement;
        double best = Double.POSITIVE_INFINITY;
        for (CollectiveAlgorithm a : exchange ? flat : algorithms) {
            best = Math.min(best, a.seconds(op, bytes, over));
        }
        return best;
    }

    /**
     * The bytes of {@code op} that take {@code seconds} under the model (its inverse, by bisection: the time
     * grows with the bytes); 0 when even an empty message takes longer (the latency alone), empty on one rank
     * (a collective over one rank costs nothing, whatever its size).
     */
    public OptionalLong bytes(Collective op, double seconds) {
        Objects.requireNonNull(op, "op");
        if (!(seconds >= 0) || !Double.isFinite(seconds)) {
            throw new IllegalArgumentException("seconds must be a non-negative number, was " + seconds);
        }
        if (placement.ranks() == 1) {
            return OptionalLong.empty();
        }
        if (seconds(op, 0) >= seconds) {
            return OptionalLong.of(0);
        }
        double lo = 0;
        double hi = 1;
        while (seconds(op, hi) < seconds) {
            hi *= 2;
        }
        for (int i = 0; i < 100 && hi - lo > 0.5; i++) {
            double mid = (lo + hi) / 2;
            if (seconds(op, mid) < seconds) {
                lo = mid;
            } else {
                hi = mid;
            }
        }
        return OptionalLong.of(Math.round((lo + hi) / 2));
    }

    /** The single-level algorithm, inside a node and across nodes. */
    public enum Algorithm {
        /** {@link RingAlgorithm}. */
        RING,
        /** {@link TreeAlgorithm} (NCCL's double binary tree for all-reduce). */
        TREE;

        CollectiveAlgorithm on(LinkCost link, Optional<NcclProtocol> protocol, NcclProtocol.Hardware hardware) {
            if (protocol.isEmpty()) {
                return this == RING ? new RingAlgorithm(link) : new TreeAlgorithm(link);
            }
            return this == RING ? RingAlgorithm.nccl(link, protocol.get(), hardware)
                    : TreeAlgorithm.nccl(link, protocol.get(), hardware);
        }
    }

    /** How the phases of the two-level schedule follow each other ({@link HierarchicalAlgorithm}). */
    public enum Schedule {
        /** One after the other (the default). */
        SEQUENTIAL,
        /** Streamed chunk by chunk: the slowest phase sets the pace, the others add their latencies. */
        PIPELINED
    }

    /** How the figures of several candidate systems make one. */
    public enum Agreement {
        /** The systems that give the figure must agree on it; a system without it is passed over. */
        SYSTEMS_WITH_THE_FIGURE,
        /** Every system must give the figure, and all the same one. */
        EVERY_SYSTEM
    }

    /** What a cost lacks: a link, or room for the placement on the system's nodes. */
    public enum Missing {
        /** The hop inside a node: nothing gives it. */
        INTRA_NODE,
        /** The hop inside a node: the candidate systems give different ones, and nothing stated replaces them. */
        INTRA_NODE_DISAGREES,
        /** The hop across nodes. */
        INTER_NODE,
        /** Room: a node of the placement holds more ranks than every candidate system has GPUs per node. */
        GPUS_PER_NODE;

        /**
         * The refusal of a placement that puts {@code perNode} ranks on one node of {@code system}
         * ({@link #GPUS_PER_NODE}), naming the columns that place them.
         */
        public static String tooManyPerNode(SystemSpec system, int perNode) {
            return "the placement puts " + perNode + " GPUs on one node of " + system.name() + ", which has "
                    + system.devicesPerNode() + " (columns workers and nodes, or placement)";
        }
    }

    /**
     * A cost, or the link it lacks.
     *
     * @param cost    the cost, when every link the placement needs is known
     * @param missing the link that is not (empty when there is a cost)
     */
    public record Resolution(Optional<CollectiveCost> cost, Optional<Missing> missing) {
        static Resolution of(Missing m) {
            return new Resolution(Optional.empty(), Optional.of(m));
        }
    }

    /** Collects the figures of a {@link CollectiveCost}; not thread-safe, used once. */
    public static final class Builder {
        private static final double GBIT = 1e9 / 8;

        private final Placement placement;
        private Optional<CatalogLinks> links = Optional.empty();
        private List<SystemSpec> systems = List.of();
        private Agreement agreement = Agreement.SYSTEMS_WITH_THE_FIGURE;
        private OptionalDouble statedIntraGbps = OptionalDouble.empty();
        private OptionalDouble statedInterGbps = OptionalDouble.empty();
        private OptionalDouble defaultLatencyS = OptionalDouble.empty();
        private OptionalDouble defaultInterGbps = OptionalDouble.empty();
        private boolean requireIntra;
        private List<Optional<NcclProtocol>> regimes = nccl(List.of(NcclProtocol.values()));
        private Algorithm algorithm = Algorithm.RING;
        private Schedule schedule = Schedule.SEQUENTIAL;
        private double efficiency = 1;
        private double intraEfficiency = 1;
        private int sharingGroups = 1;

        private Builder(Placement placement) {
            this.placement = Objects.requireNonNull(placement, "placement");
        }

        /** The catalogued systems whose links are taken; several when a device label stands for them all. */
        public Builder systems(CatalogLinks links, List<SystemSpec> systems, Agreement agreement) {
            this.links = Optional.of(links);
            this.systems = List.copyOf(systems);
            this.agreement = Objects.requireNonNull(agreement, "agreement");
            return this;
        }

        /** One catalogued system. */
        public Builder system(CatalogLinks links, SystemSpec system) {
            return systems(links, List.of(system), Agreement.EVERY_SYSTEM);
        }

        /** A stated ring bandwidth per GPU inside a node, Gbit/s per direction (a configuration's {@code intra_node_gbps}). */
        public Builder statedIntraNodeGbps(OptionalDouble gbps) {
            this.statedIntraGbps = positive(gbps, "intra-node bandwidth");
            return this;
        }

        /** A stated network bandwidth per node, Gbit/s per direction (a configuration's {@code bandwidth_gbps}). */
        public Builder statedInterNodeGbps(OptionalDouble gbps) {
            this.statedInterGbps = positive(gbps, "network bandwidth");
            return this;
        }

        /** The latency of a hop the catalog does not give, seconds. */
        public Builder defaultLatencyS(double seconds) {
            if (!(seconds >= 0) || !Double.isFinite(seconds)) {
                throw new IllegalArgumentException("the default latency must be a non-negative number, was " + seconds);
            }
            this.defaultLatencyS = OptionalDouble.of(seconds);
            return this;
        }

        /** The network bandwidth per node when neither the caller nor the catalog gives one, Gbit/s. */
        public Builder defaultInterNodeGbps(double gbps) {
            this.defaultInterGbps = positive(OptionalDouble.of(gbps), "default network bandwidth");
            return this;
        }

        /**
         * The hop inside a node is needed even when no node holds two ranks: for callers whose answer should not
         * depend on the placement to say whether a system's links are known.
         */
        public Builder requireIntraNode() {
            this.requireIntra = true;
            return this;
        }

        /** The fastest of these NCCL protocol regimes (all three by default). */
        public Builder protocols(List<NcclProtocol> protocols) {
            if (protocols.isEmpty()) {
                throw new IllegalArgumentException("at least one protocol");
            }
            this.regimes = nccl(protocols);
            return this;
        }

        /** The plain alpha-beta model: no NCCL latencies, bandwidth shares or per-call overhead. */
        public Builder plainAlphaBeta() {
            this.regimes = List.of(Optional.empty());
            return this;
        }

        /** Ring (the default) or tree. */
        public Builder algorithm(Algorithm algorithm) {
            this.algorithm = Objects.requireNonNull(algorithm, "algorithm");
            return this;
        }

        /** How the phases over several nodes follow each other: one after the other (the default) or pipelined. */
        public Builder schedule(Schedule schedule) {
            this.schedule = Objects.requireNonNull(schedule, "schedule");
            return this;
        }

        /** The share of the inter-node bandwidth the network carries, in (0, 1]. */
        public Builder interNodeEfficiency(double efficiency) {
            if (!(efficiency > 0 && efficiency <= 1)) {
                throw new IllegalArgumentException("the network efficiency must be in (0, 1], was " + efficiency);
            }
            this.efficiency = efficiency;
            return this;
        }

        /**
         * How many groups of ranks run a collective of the same kind at the same time on each node of the placement,
         * over the same NICs (at least 1, the default): each group gets 1/{@code groups} of the node's inter-node
         * bandwidth. On a rail-optimized node every GPU has its own compute NIC (NVIDIA DGX H100 User Guide, section
         * 1.2.3, table 6: each of the eight ConnectX-7 ports maps to one GPU; DGX SuperPOD H100 reference architecture,
         * "Network Fabrics": the compute fabric is rail-aligned) and NCCL's rings run each GPU's traffic over it, so
         * groups that run at once split the node's NICs between them.
         */
        public Builder sharedNics(int groups) {
            if (groups < 1) {
                throw new IllegalArgumentException("the groups sharing a node's NICs must be at least 1, was " + groups);
            }
            this.sharingGroups = groups;
            return this;
        }

        /**
         * The share of the intra-node link's bandwidth the ranks achieve, in (0, 1]: what a framework's collectives
         * reach of the datasheet inside a node, where measurements show it.
         */
        public Builder intraNodeEfficiency(double efficiency) {
            if (!(efficiency > 0 && efficiency <= 1)) {
                throw new IllegalArgumentException("the intra-node efficiency must be in (0, 1], was " + efficiency);
            }
            this.intraEfficiency = efficiency;
            return this;
        }

        /** The cost, or the first link (inside a node, then across nodes) it lacks. */
        public Resolution resolve() {
            // A node cannot hold more ranks than it has GPUs; several ranks per GPU is not a layout any of the costed
            // frameworks runs, so there is no link figure to give it.
            if (!systems.isEmpty() && systems.stream().allMatch(s -> s.devicesPerNode() < placement.maxPerNode())) {
                return Resolution.of(Missing.GPUS_PER_NODE);
            }
            Optional<LinkCost> intra = Optional.empty();
            NcclProtocol.Hardware intraHw = NcclProtocol.Hardware.PCI;
            if (requireIntra || placement.maxPerNode() > 1) {
                Set<LinkCost> hops = new LinkedHashSet<>();
                Set<NcclProtocol.Hardware> kinds = new LinkedHashSet<>();
                boolean gap = false;
                for (SystemSpec s : systems) {
                    Optional<LinkCost> hop = links.orElseThrow().intraNode(s, placement.maxPerNode());
                    Optional<NcclProtocol.Hardware> hw = links.orElseThrow().intraHardware(s);
                    if (hop.isPresent() && hw.isPresent()) {
                        hops.add(hop.get());
                        kinds.add(hw.get());
                    } else {
                        gap = true;
                    }
                }
                boolean known = hops.size() == 1 && kinds.size() == 1
                        && !(gap && agreement == Agreement.EVERY_SYSTEM);
                Optional<LinkCost> catalogued = known ? Optional.of(hops.iterator().next()) : Optional.empty();
                double share = intraEfficiency;
                intra = link(catalogued, statedIntraGbps, OptionalDouble.empty())
                        .map(l -> share == 1 ? l : new LinkCost(l.alphaS(), l.bytesPerS() * share));
                if (intra.isEmpty()) {
                    return Resolution.of(hops.size() > 1 ? Missing.INTRA_NODE_DISAGREES : Missing.INTRA_NODE);
                }
                if (kinds.size() == 1) {
                    intraHw = kinds.iterator().next();
                }
            }
            Optional<LinkCost> inter = Optional.empty();
            if (placement.nodes() > 1) {
                Set<LinkCost> nics = new LinkedHashSet<>();
                boolean gap = false;
                for (SystemSpec s : systems) {
                    Optional<LinkCost> nic = links.orElseThrow().interNode(s);
                    nic.ifPresent(nics::add);
                    gap |= nic.isEmpty();
                }
                boolean known = nics.size() == 1 && !(gap && agreement == Agreement.EVERY_SYSTEM);
                inter = link(known ? Optional.of(nics.iterator().next()) : Optional.empty(), statedInterGbps,
                        defaultInterGbps).map(l -> new LinkCost(l.alphaS(), l.bytesPerS() * efficiency / sharingGroups));
                if (inter.isEmpty()) {
                    return Resolution.of(Missing.INTER_NODE);
                }
            }
            List<CollectiveAlgorithm> algorithms = new ArrayList<>();
            List<CollectiveAlgorithm> flat = new ArrayList<>();
            NcclProtocol.Hardware hw = intraHw;
            for (Optional<NcclProtocol> regime : regimes) {
                Optional<CollectiveAlgorithm> inside = intra.map(l -> algorithm.on(l, regime, hw));
                if (inter.isEmpty()) {
                    inside.ifPresent(algorithms::add);
                } else {
                    CollectiveAlgorithm across = algorithm.on(inter.get(), regime, NcclProtocol.Hardware.NET);
                    // With one GPU per node the intra-node phases have a single rank and cost nothing.
                    algorithms.add(new HierarchicalAlgorithm(inside.orElse(across), across,
                            schedule == Schedule.PIPELINED));
                    flat.add(across);
                }
            }
            return new Resolution(Optional.of(new CollectiveCost(placement, intra, inter, algorithms, flat)),
                    Optional.empty());
        }

        /**
         * A hop from the catalogued one, a stated bandwidth and a default one: bandwidth stated, else catalogued,
         * else the default; latency catalogued, else the default latency.
         */
        private Optional<LinkCost> link(Optional<LinkCost> catalogued, OptionalDouble statedGbps,
                                        OptionalDouble defaultGbps) {
            OptionalDouble latency = catalogued.isPresent() ? OptionalDouble.of(catalogued.get().alphaS())
                    : defaultLatencyS;
            if (latency.isEmpty()) {
                return Optional.empty();
            }
            if (statedGbps.isPresent()) {
                return Optional.of(new LinkCost(latency.getAsDouble(), statedGbps.getAsDouble() * GBIT));
            }
            if (catalogued.isPresent()) {
                return catalogued;
            }
            return defaultGbps.isPresent()
                    ? Optional.of(new LinkCost(latency.getAsDouble(), defaultGbps.getAsDouble() * GBIT))
                    : Optional.empty();
        }

        private static List<Optional<NcclProtocol>> nccl(List<NcclProtocol> protocols) {
            return protocols.stream().map(Optional::of).toList();
        }

        private static OptionalDouble positive(OptionalDouble gbps, String what) {
            if (gbps.isPresent() && !(gbps.getAsDouble() > 0 && Double.isFinite(gbps.getAsDouble()))) {
                throw new IllegalArgumentException("the " + what + " must be a positive number, was "
                        + gbps.getAsDouble());
            }
            return gbps;
        }
    }
}
