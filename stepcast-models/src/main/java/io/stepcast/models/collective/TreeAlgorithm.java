package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;

/**
 * Tree algorithms with {@code d = ceil(log2 p)} levels, every hop on one {@link LinkCost}:
 * <ul>
 *   <li>all-reduce: NCCL's double binary tree, a pipelined reduce up and broadcast down two complementary
 *       trees that each carry half the data, so every rank sends and receives at full bandwidth with a
 *       latency logarithmic in p: {@code 2 d alpha + 2 (p-1)/p m beta} (S. Jeaugey, "Massively Scale Your
 *       Deep Learning Training with NCCL 2.4", NVIDIA technical blog, 2019,
 *       https://developer.nvidia.com/blog/massively-scale-deep-learning-training-nccl-2-4/; P. Sanders,
 *       J. Speck, J. L. Traeff, "Two-tree algorithms for full bandwidth broadcast, reduction and scan",
 *       Parallel Computing 35(12), 2009);</li>
 *   <li>broadcast and reduce: binomial tree, {@code d (alpha + m beta)} (Thakur, Rabenseifner and Gropp
 *       2005, section 4.2);</li>
 *   <li>all-gather: recursive doubling, {@code d alpha + (p-1)/p m beta} (section 4.1);</li>
 *   <li>reduce-scatter: recursive halving, {@code d alpha + (p-1)/p m beta} (section 4.4);</li>
 *   <li>point-to-point: {@code alpha + m beta}.</li>
 * </ul>
 * Plus a fixed {@code overheadS} per call. All-to-all is not a tree operation and is refused.
 *
 * @param link      the cost of one hop
 * @param overheadS fixed seconds per call
 */
public record TreeAlgorithm(LinkCost link, double overheadS) implements CollectiveAlgorithm {
    public TreeAlgorithm {
        SingleLink.check(link, overheadS);
    }

    /** The pure alpha-beta tree, with no per-call overhead. */
    public TreeAlgorithm(LinkCost link) {
        this(link, 0);
    }

    /** The tree under an NCCL protocol regime. */
    public static TreeAlgorithm nccl(LinkCost link, NcclProtocol protocol, NcclProtocol.Hardware hardware) {
        return SingleLink.nccl(link, protocol, hardware, TreeAlgorithm::new);
    }

    /** {@code ceil(log2 p)}, the levels of a binary tree over p ranks. */
    public static int depth(int p) {
        return p <= 1 ? 0 : 32 - Integer.numberOfLeadingZeros(p - 1);
    }

    @Override
    public String name() {
        return "tree";
    }

    @Override
    public double seconds(Collective op, double bytes, Placement placement) {
        return SingleLink.seconds(link, overheadS, bytes, placement, (p, a, b, share) -> {
            int d = depth(p);
            return switch (op) {
                case ALL_REDUCE -> 2.0 * d * a + 2.0 * share * bytes * b;
                case BROADCAST, REDUCE -> d * (a + bytes * b);
                case ALL_GATHER, REDUCE_SCATTER -> d * a + share * bytes * b;
                case SEND_RECV -> a + bytes * b;
                case ALL_TO_ALL -> throw new IllegalArgumentException("the tree algorithm has no all-to-all");
            };
        });
    }
}
