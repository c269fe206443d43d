package io.stepcast.analytic.megatron;

import io.stepcast.api.collective.Placement;

/**
 * A collective group (or a point-to-point pair) and how many groups of its kind run at the same time on each of its
 * nodes, sharing the node's NICs: the one rule by which every cross-node exchange of the cost model is costed
 * ({@link LinkCosts}). For the data-parallel groups ({@link #of}): after the pipeline flush every rank of a stage all-reduces its shard of the gradients with its own
 * data-parallel group at once (Narayanan et al., SC'21, section 2.1), and under Megatron-LM's rank order (t fastest,
 * then d, then p) a node's ranks belong to {@code ranks on the node / group's ranks per node} different groups. Each
 * group then gets that share of the node's NICs ({@link io.stepcast.models.collective.CollectiveCost.Builder#sharedNics}),
 * as the rail layout (one NIC per GPU) carries each GPU's traffic on its own NIC. For a point-to-point exchange
 * ({@link #pair}) the node's ranks that send across at once, as {@link CrossNodeSenders} counts them per exchange, and
 * never fewer than the node's rails ({@link CrossNodeSenders#sharing}).
 *
 * @param placement  the group's ranks over nodes
 * @param concurrent groups of the same kind on each of its nodes at once, at least 1
 */
record SharedGroup(Placement placement, int concurrent) {
    SharedGroup {
        if (concurrent < 1) {
            throw new IllegalArgumentException("concurrent groups must be at least 1, was " + concurrent);
        }
    }

    /**
     * The group {@code placement} of a job of {@code jobGpus} ranks on nodes of {@code gpusPerNode} GPUs: the node's
     * ranks in the job ({@code min(gpusPerNode, jobGpus)}) over the group's ranks per node; 1 on one node, where the
     * NICs are not used.
     */
    static SharedGroup of(Placement placement, int gpusPerNode, int jobGpus) {
        if (placement.nodes() == 1) {
            return new SharedGroup(placement, 1);
        }
        int nodeRanks = Math.min(gpusPerNode, jobGpus);
        return new SharedGroup(placement, Math.max(1, nodeRanks / placement.maxPerNode()));
    }

    /**
     * A point-to-point exchange between two ranks: on one node (NVLink, no NICs), or one rank on each of two nodes with
     * {@code senders} of the node's ranks sending across at the same time ({@link CrossNodeSenders}).
     */
    static SharedGroup pair(boolean crossNode, int senders) {
        return crossNode ? new SharedGroup(Placement.uniform(2, 1), Math.max(1, senders))
                : new SharedGroup(Placement.singleNode(2), 1);
    }
}
