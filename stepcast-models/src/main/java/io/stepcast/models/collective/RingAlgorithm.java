package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;

/**
 * Ring algorithms over all ranks of a placement, every hop on one {@link LinkCost} (the slowest link of the
 * ring). With {@code p} ranks and {@code m} bytes (Thakur, Rabenseifner and Gropp 2005, sections 4.1 and 4.5;
 * the ring all-reduce is their reduce-scatter followed by all-gather, each a ring of {@code p - 1} steps):
 * <ul>
 *   <li>all-reduce: {@code 2(p-1) alpha + 2 (p-1)/p m beta};</li>
 *   <li>reduce-scatter and all-gather: {@code (p-1) alpha + (p-1)/p m beta};</li>
 *   <li>broadcast and reduce, pipelined along the ring as NCCL does: {@code (p-1) alpha + m beta};</li>
 *   <li>all-to-all: {@code (p-1) alpha + (p-1)/p m beta} (pairwise exchange, section 4.6);</li>
 *   <li>point-to-point: {@code alpha + m beta}.</li>
 * </ul>
 * Plus a fixed {@code overheadS} once per call (NCCL's {@code baseLat}; 0 for the pure model).
 * The all-reduce bandwidth term is why nccl-tests reports busbw = algbw x 2(n-1)/n.
 *
 * @param link      the cost of one hop
 * @param overheadS fixed seconds per call
 */
public record RingAlgorithm(LinkCost link, double overheadS) implements CollectiveAlgorithm {
    public RingAlgorithm {
        SingleLink.check(link, overheadS);
    }

    /** The pure alpha-beta ring, with no per-call overhead. */
    public RingAlgorithm(LinkCost link) {
        this(link, 0);
    }

    /** The ring under an NCCL protocol regime: its hop latency, bandwidth share and base latency. */
    public static RingAlgorithm nccl(LinkCost link, NcclProtocol protocol, NcclProtocol.Hardware hardware) {
        return SingleLink.nccl(link, protocol, hardware, RingAlgorithm::new);
    }

    @Override
    public String name() {
        return "ring";
    }

    @Override
    public double seconds(Collective op, double bytes, Placement placement) {
        return SingleLink.seconds(link, overheadS, bytes, placement, (p, a, b, share) -> switch (op) {
            case ALL_REDUCE -> 2.0 * (p - 1) * a + 2.0 * share * bytes * b;
            case REDUCE_SCATTER, ALL_GATHER, ALL_TO_ALL -> (p - 1) * a + share * bytes * b;
            case BROADCAST, REDUCE -> (p - 1) * a + bytes * b;
            case SEND_RECV -> a + bytes * b;
        });
    }
}
