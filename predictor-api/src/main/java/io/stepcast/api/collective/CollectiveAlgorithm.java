package io.stepcast.api.collective;

import java.util.Objects;

/**
 * The alpha-beta cost of collectives under one algorithm (ring, tree, hierarchical). {@code bytes} is the
 * size of the buffer the operation is named after, as nccl-tests counts it: the whole buffer of every rank
 * for all-reduce, broadcast and reduce; the whole output of all-gather and the whole input of
 * reduce-scatter; the message of a point-to-point transfer. The reduction's arithmetic is not modelled
 * (the gamma term of Thakur et al. 2005): on GPUs it overlaps the transfers.
 */
public interface CollectiveAlgorithm {

    /** The algorithm's name: {@code ring}, {@code tree}, {@code hierarchical}. */
    String name();

    /**
     * Seconds for {@code op} on {@code bytes} over {@code placement}.
     *
     * @throws IllegalArgumentException when the algorithm does not implement {@code op}
     */
    double seconds(Collective op, double bytes, Placement placement);

    /**
     * nccl-tests' bus bandwidth of a measured or predicted time, bytes/s: the algorithm bandwidth
     * {@code bytes / seconds} times {@code 2(n-1)/n} for all-reduce and {@code (n-1)/n} for all-gather and
     * reduce-scatter, 1 otherwise (nccl-tests {@code doc/PERFORMANCE.md},
     * https://github.com/NVIDIA/nccl-tests/blob/master/doc/PERFORMANCE.md).
     */
    static double busBandwidth(Collective op, double bytes, double seconds, int ranks) {
        double algbw = bytes / seconds;
        return switch (op) {
            case ALL_REDUCE -> algbw * 2.0 * (ranks - 1) / ranks;
            case ALL_GATHER, REDUCE_SCATTER, ALL_TO_ALL -> algbw * (ranks - 1) / ranks;
            default -> algbw;
        };
    }

    /** Validates the common arguments. */
    static void check(double bytes, Placement placement) {
        if (!(bytes >= 0) || !Double.isFinite(bytes)) {
            throw new IllegalArgumentException("bytes must be a non-negative number, was " + bytes);
        }
        Objects.requireNonNull(placement, "placement");
    }
}
