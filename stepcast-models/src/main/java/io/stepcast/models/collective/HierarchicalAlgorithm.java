package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.Placement;

import java.util.Objects;

/**
 * The two-level schedule: inside every node over the intra-node links, across nodes over the NICs (one
 * rank per node carrying the node's data). For all-reduce: reduce inside the node, all-reduce across the
 * nodes, broadcast inside the node (the phases are the formulas of {@code intra} and {@code inter}, Thakur,
 * Rabenseifner and Gropp 2005). The phases run one after the other ({@code pipelined} false, "+" below: the
 * default, which the multi-node tables of 2019-2020 NVIDIA DeepLearningExamples releases follow), or pipelined
 * as recent NCCL streams a message chunk by chunk through its intra-node chains and inter-node trees
 * ({@code pipelined} true): the slowest phase sets the pace and each other phase adds its latency to fill the
 * pipeline (an nccl-tests log of two Google Cloud A3 Mega nodes all-reduces 8 GB at 90% of the nodes' NICs,
 * which phases one after the other could not reach). The
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
 * @param intra     the algorithm inside a node (its link: NVLink, NVSwitch or PCIe)
 * @param inter     the algorithm across nodes (its link: the node's NICs together)
 * @param pipelined whether the phases stream chunk by chunk rather than run one after the other
 */
public record HierarchicalAlgorithm(CollectiveAlgorithm intra, CollectiveAlgorithm inter, boolean pipelined)
        implements CollectiveAlgorithm {
    public HierarchicalAlgorithm {
        Objects.requireNonNull(intra, "intra");
        Objects.requireNonNull(inter, "inter");
    }

    /** The phases one after the other. */
    public HierarchicalAlgorithm(CollectiveAlgorithm intra, CollectiveAlgorithm inter) {
        this(intra, inter, false);
    }

    @Override
    public String name() {
        return pipelined ? "hierarchical-pipelined" : "hierarchical";
    }

    /** One phase of the schedule: an algorithm, the operation it runs and over which ranks. */
    private record Phase(CollectiveAlgorithm algorithm, Collective op, Placement ranks) {
        double seconds(double bytes) {
            return algorithm.seconds(op, bytes, ranks);
        }
    }

    /** The phases' time: their sum, or pipelined. */
    private double joined(double bytes, Phase... phases) {
        if (pipelined) {
            return pipelined(bytes, phases);
        }
        double sum = 0;
        for (Phase p : phases) {
            sum += p.seconds(bytes);
        }
        return sum;
    }

    /**
     * The phases streamed chunk by chunk, as NCCL streams a message through its intra-node chains and inter-node
     * trees or rings: the slowest phase sets the pace and every other phase adds its fixed part (its time for an
     * empty message) to fill the pipeline. Small messages cost the sum of the phases' latencies; large ones the
     * slowest phase's bandwidth term.
     */
    private static double pipelined(double bytes, Phase... phases) {
        double slowest = 0;
        double fill = 0;
        double slowestFill = 0;
        for (Phase p : phases) {
            double t = p.seconds(bytes);
            double l = p.seconds(0);
            fill += l;
            if (t > slowest) {
                slowest = t;
                slowestFill = l;
            }
        }
        return slowest + fill - slowestFill;
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
            case ALL_REDUCE -> joined(bytes,
                    new Phase(intra, Collective.REDUCE, node),
                    new Phase(inter, Collective.ALL_REDUCE, leaders),
                    new Phase(intra, Collective.BROADCAST, node));
            case REDUCE_SCATTER, ALL_GATHER -> joined(bytes, new Phase(intra, op, node),
                    new Phase(inter, op, leaders));
            case BROADCAST, REDUCE -> joined(bytes, new Phase(inter, op, leaders), new Phase(intra, op, node));
            case SEND_RECV -> inter.seconds(op, bytes, leaders);
            case ALL_TO_ALL -> throw new IllegalArgumentException("the hierarchical schedule has no all-to-all");
        };
    }
}
