package io.stepcast.regression.megatron;

import io.stepcast.api.collective.CatalogLinks;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.HierarchicalAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.collective.RingAlgorithm;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The collective and point-to-point times of one catalogued system, from its link and NIC figures alone
 * ({@link CatalogLinks}): NCCL's ring inside a node, the two-level {@link HierarchicalAlgorithm} across nodes,
 * each call under the fastest of NCCL's three protocols (as NCCL's tuner picks the lowest modelled time).
 * Nothing here is fitted, so the same figures hold for one node and for many. A configuration's stated bandwidths
 * replace the catalog's ({@link #of(HardwareCatalog, SystemSpec, StatedLinks)}). Immutable.
 */
final class LinkCosts {
    private final SystemSpec system;
    private final CatalogLinks links;
    private final NcclProtocol.Hardware intraHw;
    private final Optional<LinkCost> inter;
    private final OptionalDouble intraGbps;

    private LinkCosts(SystemSpec system, CatalogLinks links, NcclProtocol.Hardware intraHw, Optional<LinkCost> inter,
                      OptionalDouble intraGbps) {
        this.system = system;
        this.links = links;
        this.intraHw = intraHw;
        this.inter = inter;
        this.intraGbps = intraGbps;
    }

    /** The costs of {@code system}, or empty when the catalog has no intra-node link figures for it. */
    static Optional<LinkCosts> of(HardwareCatalog catalog, SystemSpec system) {
        return of(catalog, system, StatedLinks.NONE);
    }

    /**
     * The costs of {@code system} with the {@code stated} bandwidths in place of the catalog's; the latencies stay
     * the catalogued links'.
     */
    static Optional<LinkCosts> of(HardwareCatalog catalog, SystemSpec system, StatedLinks stated) {
        CatalogLinks links = new CatalogLinks(catalog);
        Optional<NcclProtocol.Hardware> hw = links.intraHardware(system);
        int ranks = Math.min(2, system.devicesPerNode());
        if (hw.isEmpty() || links.intraNode(system, ranks, stated.intraGbps()).isEmpty()) {
            return Optional.empty();
        }
        return Optional.of(new LinkCosts(system, links, hw.get(), links.interNode(system, stated.nicGbps()),
                stated.intraGbps()));
    }

    /** The system. */
    SystemSpec system() {
        return system;
    }

    /** True when the catalog knows the system's NICs (so layouts over several nodes can be costed). */
    boolean hasInterNode() {
        return inter.isPresent();
    }

    /** All-reduce of {@code bytes} over the ranks of {@code placement} (0 for one rank). */
    double allReduce(double bytes, Placement placement) {
        return collective(Collective.ALL_REDUCE, bytes, placement);
    }

    /** One point-to-point message between two GPUs, over a NIC when {@code crossNode}. */
    double sendRecv(double bytes, boolean crossNode) {
        return collective(Collective.SEND_RECV, bytes, crossNode ? Placement.uniform(2, 1) : Placement.singleNode(2));
    }

    private double collective(Collective op, double bytes, Placement placement) {
        if (placement.ranks() < 2) {
            return 0;
        }
        boolean multiNode = placement.nodes() > 1;
        if (multiNode && inter.isEmpty()) {
            throw new IllegalStateException("the catalog has no NIC figures for " + system.name());
        }
        LinkCost intra = links.intraNode(system, Math.max(2, placement.maxPerNode()), intraGbps).orElseThrow();
        double best = Double.POSITIVE_INFINITY;
        for (NcclProtocol p : NcclProtocol.values()) {
            CollectiveAlgorithm inside = RingAlgorithm.nccl(intra, p, intraHw);
            CollectiveAlgorithm algo = multiNode
                    ? new HierarchicalAlgorithm(inside, RingAlgorithm.nccl(inter.get(), p, NcclProtocol.Hardware.NET))
                    : inside;
            best = Math.min(best, algo.seconds(op, bytes, placement));
        }
        return best;
    }
}
