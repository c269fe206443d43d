package io.stepcast.analytic.megatron;

import io.stepcast.models.collective.CatalogLinks;
import io.stepcast.api.collective.Collective;
import io.stepcast.models.collective.CollectiveCost;
import io.stepcast.api.collective.Placement;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.hardware.SystemSpec;

import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The collective and point-to-point times of one catalogued system, from its link and NIC figures alone
 * ({@link CatalogLinks}): NCCL's ring inside a node, the two-level schedule across nodes, each call under the
 * fastest of NCCL's three protocols, as {@link CollectiveCost} sets them up; across nodes each exchange at the share
 * of its nodes' NICs that the exchanges of its kind running at once leave it ({@link SharedGroup}). Nothing here is fitted, so the same
 * figures hold for one node and for many. An all-reduce inside one node takes NCCL's measured time instead where a
 * measurement applies to the system and the rank count ({@link MeasuredAllReduce}). A configuration's stated bandwidths
 * replace the catalog's and the measurements ({@link #of(HardwareCatalog, SystemSpec, StatedLinks)}). Immutable; the
 * cost of each placement is kept once resolved.
 */
final class LinkCosts {
    private final SystemSpec system;
    private final HardwareCatalog catalog;
    private final CatalogLinks links;
    private final StatedLinks stated;
    private final Map<SharedGroup, CollectiveCost> costs = new ConcurrentHashMap<>();
    private final Map<Integer, Optional<MeasuredAllReduce.Curve>> curves = new ConcurrentHashMap<>();

    private LinkCosts(SystemSpec system, HardwareCatalog catalog, StatedLinks stated) {
        this.system = system;
        this.catalog = catalog;
        this.links = new CatalogLinks(catalog);
        this.stated = stated;
    }

    /** The costs of {@code system}, or empty when the catalog has no intra-node link figures for it. */
    static Optional<LinkCosts> of(HardwareCatalog catalog, SystemSpec system) {
        return of(catalog, system, StatedLinks.NONE);
    }

    /**
     * The costs of {@code system} with the {@code stated} bandwidths in place of the catalog's; the latencies stay
     * the catalogued links'. Empty when the ring over one node's first two GPUs (one on a one-GPU system) has no
     * catalogued link.
     */
    static Optional<LinkCosts> of(HardwareCatalog catalog, SystemSpec system, StatedLinks stated) {
        LinkCosts c = new LinkCosts(system, catalog, stated);
        return c.resolve(Placement.singleNode(Math.min(2, system.devicesPerNode()))).cost().isPresent()
                ? Optional.of(c) : Optional.empty();
    }

    /** The system. */
    SystemSpec system() {
        return system;
    }

    /** True when the catalog knows the system's NICs (so layouts over several nodes can be costed). */
    boolean hasInterNode() {
        return resolve(Placement.uniform(2, 1)).cost().isPresent();
    }

    /**
     * All-reduce of {@code bytes} over the ranks of {@code placement} (0 for one rank): measured when
     * {@link #measured} says so, else from the link figures.
     */
    double allReduce(double bytes, Placement placement) {
        Optional<MeasuredAllReduce.Curve> curve = measuredCurve(placement);
        return curve.isPresent() ? MeasuredAllReduce.EMBEDDED.seconds(curve.get(), placement.ranks(), bytes)
                : collective(Collective.ALL_REDUCE, bytes, placement);
    }

    /**
     * True when an all-reduce over {@code placement} takes a measured time: the placement is one node of more than
     * one rank, no intra-node bandwidth is stated, and a measurement applies to the system at that rank count
     * ({@link MeasuredAllReduce#curveFor}).
     */
    boolean measured(Placement placement) {
        return measuredCurve(placement).isPresent();
    }

    private Optional<MeasuredAllReduce.Curve> measuredCurve(Placement placement) {
        if (placement.nodes() != 1 || placement.ranks() < 2 || stated.intraGbps().isPresent()) {
            return Optional.empty();
        }
        return curves.computeIfAbsent(placement.ranks(),
                r -> MeasuredAllReduce.EMBEDDED.curveFor(catalog, system, r));
    }

    /**
     * All-reduce of {@code bytes} over the ranks of {@code group}, across nodes at the share of the NICs the group's
     * concurrent groups leave it ({@link SharedGroup}); as {@link #allReduce(double, Placement)} on one node.
     */
    double allReduce(double bytes, SharedGroup group) {
        return group.concurrent() == 1 ? allReduce(bytes, group.placement())
                : collective(Collective.ALL_REDUCE, bytes, group);
    }

    /** All-gather into a buffer of {@code bytes} over the ranks of {@code placement} (0 for one rank). */
    double allGather(double bytes, Placement placement) {
        return collective(Collective.ALL_GATHER, bytes, placement);
    }

    /** As {@link #allGather(double, Placement)}, across nodes at the group's share of the NICs ({@link SharedGroup}). */
    double allGather(double bytes, SharedGroup group) {
        return collective(Collective.ALL_GATHER, bytes, group);
    }

    /** Reduce-scatter of a buffer of {@code bytes} over the ranks of {@code placement}, each keeping 1/n (0 for one rank). */
    double reduceScatter(double bytes, Placement placement) {
        return collective(Collective.REDUCE_SCATTER, bytes, placement);
    }

    /** As {@link #reduceScatter(double, Placement)}, across nodes at the group's share of the NICs ({@link SharedGroup}). */
    double reduceScatter(double bytes, SharedGroup group) {
        return collective(Collective.REDUCE_SCATTER, bytes, group);
    }

    /**
     * All-to-all of a buffer of {@code bytes} per rank over the ranks of {@code group}'s placement, each sending 1/p of
     * it to every other rank (0 for one rank). Inside one node, the collective cost model's all-to-all. Across n nodes
     * of k ranks the k ranks of a node pool their {@code (p - k) / p} shares bound for other nodes over the node's NICs:
     * the exchange of n node-sized buffers of {@code k x bytes}, one per node, timed as the cost model's flat all-to-all
     * over one rank per node, given the node's share of the NICs that the group's concurrent groups leave it
     * ({@link SharedGroup}, the rule of every cross-node exchange); the {@code (k - 1) / p} shares that stay inside a
     * node cross NVLink meanwhile, the larger of the two.
     */
    double allToAll(double bytes, SharedGroup group) {
        Placement placement = group.placement();
        if (placement.nodes() == 1) {
            return collective(Collective.ALL_TO_ALL, bytes, placement);
        }
        int k = placement.maxPerNode();
        double across = collective(Collective.ALL_TO_ALL, k * bytes,
                new SharedGroup(Placement.uniform(placement.nodes(), 1), group.concurrent()));
        double inside = k < 2 ? 0 : collective(Collective.ALL_TO_ALL, bytes * k / placement.ranks(),
                Placement.singleNode(k));
        return Math.max(across, inside);
    }

    /**
     * One point-to-point message between the two ranks of {@code pair} ({@link SharedGroup#pair}): over NVLink on one
     * node, else over the sender's share of its node's NICs, the node's other senders sending at the same time.
     */
    double sendRecv(double bytes, SharedGroup pair) {
        return collective(Collective.SEND_RECV, bytes, pair);
    }

    private double collective(Collective op, double bytes, Placement placement) {
        return collective(op, bytes, new SharedGroup(placement, 1));
    }

    private double collective(Collective op, double bytes, SharedGroup group) {
        Placement placement = group.placement();
        if (placement.ranks() < 2) {
            return 0;
        }
        CollectiveCost cost = costs.computeIfAbsent(group, p -> {
            CollectiveCost.Resolution r = resolve(placement, p.concurrent());
            return r.cost().orElseThrow(() -> new IllegalStateException(
                    r.missing().orElseThrow() == CollectiveCost.Missing.GPUS_PER_NODE
                            ? CollectiveCost.Missing.tooManyPerNode(system, placement.maxPerNode())
                            : "the catalog has no NIC figures for " + system.name()));
        });
        return cost.seconds(op, bytes);
    }

    private CollectiveCost.Resolution resolve(Placement placement) {
        return resolve(placement, 1);
    }

    private CollectiveCost.Resolution resolve(Placement placement, int concurrent) {
        return CollectiveCost.over(placement).system(links, system).statedIntraNodeGbps(stated.intraGbps())
                .statedInterNodeGbps(stated.nicGbps()).sharedNics(concurrent).requireIntraNode().resolve();
    }
}
