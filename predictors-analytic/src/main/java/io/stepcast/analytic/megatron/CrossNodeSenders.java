package io.stepcast.analytic.megatron;

import java.util.function.IntUnaryOperator;

/**
 * How many of a node's ranks send to another node at the same time, for each point-to-point exchange of a Megatron-LM
 * iteration, under its rank order: tensor ranks fastest, then context, expert and data ranks, then pipeline stages
 * (Megatron-LM, {@code megatron/core/parallel_state.py}, {@code initialize_model_parallel(order="tp-cp-ep-dp-pp")}),
 * so that a stage's {@code t c d} ranks are consecutive and a node holds {@code g} consecutive ranks. The count, no
 * fewer than the node's rails ({@link #sharing}), is the {@link SharedGroup#concurrent()} of the exchange's pair: each
 * sender gets that share of the node's NICs ({@link io.stepcast.models.collective.CollectiveCost.Builder#sharedNics}),
 * the one rule every cross-node exchange of the cost model follows. A node's receives run the other way on its
 * full-duplex NICs and are not counted.
 */
final class CrossNodeSenders {
    private CrossNodeSenders() {
    }

    /**
     * What the node's NICs are divided by for one of {@code senders} ranks sending across nodes at once: the senders,
     * but never fewer than {@code min(g, nics)}. On a rail-optimized node each GPU's traffic leaves on its own rail's
     * NIC (NVIDIA DGX H100 User Guide, section 1.2.3, table 6: each ConnectX-7 port maps to one GPU; Juniper's
     * rail-optimized fabric validated design: traffic between servers runs between GPUs of the same rail, 400 Gb/s GPU
     * to GPU), so a sender does not borrow the NICs of the node's idle GPUs: a lone sender gets its own NIC, not the
     * node's. Where a node has fewer NICs than GPUs, a sender gets a whole NIC while no more senders than NICs send.
     */
    static int sharing(int senders, int g, int nics) {
        return Math.max(Math.max(1, senders), Math.min(g, Math.max(1, nics)));
    }

    /**
     * A stage boundary's activation (or gradient) sends: every rank of a stage sends its share to the rank of the next
     * stage {@code stageRanks} ranks on (each pipeline group is one rank of every stage), and all replicas run the same
     * 1F1B slot at once (Narayanan et al., SC'21, sections 2.2 and 4.1). A node whose ranks are all of one stage has
     * all its {@code g} ranks sending across. A node holding several stages ({@code stageRanks < g}) sends across only
     * at the one boundary that leaves it, its last {@code stageRanks} ranks: the boundaries between its own stages run
     * over NVLink, so they do not share the NICs (though each sender keeps to its own NIC, {@link #sharing}). Either way
     * {@code min(stageRanks, g)}; the wrap from the last stage to the first under the interleaved schedule leaves its
     * node the same way.
     */
    static int stageBoundary(int stageRanks, int g) {
        return Math.max(1, Math.min(stageRanks, g));
    }

    /**
     * The tied word embedding's all-reduce: each rank of the first stage with the rank of the last stage in its
     * pipeline group (Megatron-LM's embedding group, {@code [ranks[0], ranks[-1]]} of each pipeline group in
     * {@code parallel_state.py}), all at once after the data-parallel exchange; a node takes part with its ranks of the
     * first (or last) stage, {@code min(stageRanks, g)}.
     */
    static int tiedEmbedding(int stageRanks, int g) {
        return Math.max(1, Math.min(stageRanks, g));
    }

    /**
     * A context-parallel ring step: each rank sends its key-value chunk to the next rank of its context-parallel group
     * (the {@code c} ranks {@code t} apart inside a block of {@code t c} consecutive ranks; Transformer Engine's
     * point-to-point ring over Megatron-LM's context-parallel group), all rings at once. Counted over Megatron-LM's
     * rank order as {@link #busiest} counts: 0 when no ring leaves a node, else typically {@code t} per node (one hop
     * per ring leaves each node it spans), twice that on a node where two blocks straddle its two ends.
     *
     * @param jobRanks the job's ranks; only whole blocks of {@code t c} ranks
     */
    static int contextRing(int t, int c, int g, int jobRanks) {
        int block = t * c;
        int period = lcm(block, g);
        IntUnaryOperator next = r -> {
            int base = r - r % block;
            int offset = r % block;
            return base + ((offset / t + 1) % c) * t + offset % t;
        };
        return busiest(Math.min(jobRanks, period), g, next);
    }

    /**
     * The most ranks of one node of {@code g} GPUs whose peer is on another node, over the ranks {@code 0..ranks-1}
     * (node {@code r / g}), each sending to {@code peer(r)}: the senders that share a node's NICs at once.
     */
    static int busiest(int ranks, int g, IntUnaryOperator peer) {
        int most = 0;
        for (int node = 0; node * g < ranks; node++) {
            int count = 0;
            for (int r = node * g; r < Math.min(ranks, (node + 1) * g); r++) {
                if (peer.applyAsInt(r) / g != node) {
                    count++;
                }
            }
            most = Math.max(most, count);
        }
        return most;
    }

    private static int lcm(int a, int b) {
        int x = a;
        int y = b;
        while (y != 0) {
            int r = x % y;
            x = y;
            y = r;
        }
        return a / x * b;
    }
}
