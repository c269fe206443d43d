package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.Placement;

import java.util.Objects;

/**
 * The two-level schedule: inside every node over the intra-node links, across nodes over the NICs (one
 * rank per node carrying the node's data). For all-reduce: reduce inside the node, all-reduce across the
 * nodes, broadcast inside the node (the hierarchical all-reduce of Horovod and of NCCL's CollNet; the
 * phases are the formulas of {@code intra} and {@code inter}, Thakur, Rabenseifner and Gropp 2005). The
 * intra-node phases take as long as on the fullest node ({@link Placement#maxPerNode()}), which is how an
 * uneven placement costs.
 * <ul>
 *   <li>all-reduce: {@code reduce_intra(m, g) + allreduce_inter(m, k) + broadcast_intra(m, g)};</li>
 *   <li>reduce-scatter: {@code reducescatter_intra(m, g) + reducescatter_inter(m, k)} and all-gather
 *       the reverse (each of the g ranks handles its 1/g shard across nodes, the g shards sharing the
 *       node's NICs, so the inter-node phase moves m per node);</li>
 *   <li>broadcast: {@code broadcast_inter(m, k) + broadcast_intra(m, g)}, reduce the reverse;</li>
 *   <li>point-to-point: over the NIC when there are several nodes.</li>
 * </ul>
 * On one node every operation is {@code intra}'s.
 *
 * @param intra the algorithm inside a node (its link: NVLink, NVSwitch or PCIe)
 * @param inter the algorithm across nodes (its link: the node's NICs together)
 */
public record HierarchicalAlgorithm(CollectiveAlgorithm intra, CollectiveAlgorithm inter) implements CollectiveAlgorithm {
    public HierarchicalAlgorithm {
        Objects.requireNonNull(intra, "intra");
        Objects.requireNonNull(inter, "inter");
    }

    @Override
    public String name() {
        return "hierarchical";
    }

    @Override
    public double seconds(Collective op, double bytes, Placement placement) {
        CollectiveAlgorithm.check(bytes, placement);
        int k = placement.nodes();
        if (k == 1) {
            return intra.seconds(op, bytes, placement);
        }
        Placement node = Placement.singleNode(placement.maxPerNode());
        Placement leaders = Placement.singleNode(k);
        return switch (op) {
            case ALL_REDUCE -> intra.seconds(Collective.REDUCE, bytes, node)
                    + inter.seconds(Collective.ALL_REDUCE, bytes, leaders)
                    + intra.seconds(Collective.BROADCAST, bytes, node);
            case REDUCE_SCATTER, ALL_GATHER -> intra.seconds(op, bytes, node) + inter.seconds(op, bytes, leaders);
            case BROADCAST, REDUCE -> inter.seconds(op, bytes, leaders) + intra.seconds(op, bytes, node);
            case SEND_RECV -> inter.seconds(op, bytes, leaders);
            case ALL_TO_ALL -> throw new IllegalArgumentException("the hierarchical schedule has no all-to-all");
        };
    }
}
