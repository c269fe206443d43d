package io.stepcast.models.collective;

import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;

import java.util.Objects;
import java.util.function.BiFunction;

/**
 * What the algorithms that run every hop on one {@link LinkCost} ({@link RingAlgorithm}, {@link TreeAlgorithm})
 * share: the validation of their hop cost and per-call overhead, their construction under an NCCL protocol regime
 * ({@link NcclProtocol}: the regime's hop latency and bandwidth share on the link, and its base latency once per
 * call), and the frame of their cost (arguments checked, nothing on one rank, the overhead once per call).
 */
final class SingleLink {
    private SingleLink() {
    }

    /** Validates the components of a single-link algorithm. */
    static void check(LinkCost link, double overheadS) {
        Objects.requireNonNull(link, "link");
        if (!(overheadS >= 0)) {
            throw new IllegalArgumentException("overhead must be non-negative, was " + overheadS);
        }
    }

    /** The algorithm {@code make} builds from a hop cost and a per-call overhead, under {@code protocol}. */
    static <A extends CollectiveAlgorithm> A nccl(LinkCost link, NcclProtocol protocol,
                                                  NcclProtocol.Hardware hardware,
                                                  BiFunction<LinkCost, Double, A> make) {
        return make.apply(link.under(protocol, hardware), protocol.baseLatencyUs() * 1e-6);
    }

    /** An algorithm's time over {@code p > 1} ranks from the hop's {@code alpha} and {@code beta}, before overhead. */
    @FunctionalInterface
    interface Formula {
        double seconds(int p, double alpha, double beta, double share);
    }

    /**
     * Seconds on {@code bytes} over {@code placement}: 0 on one rank, else {@code overheadS} plus the formula with
     * the link's alpha, beta and the share {@code (p-1)/p}.
     */
    static double seconds(LinkCost link, double overheadS, double bytes, Placement placement, Formula formula) {
        CollectiveAlgorithm.check(bytes, placement);
        int p = placement.ranks();
        if (p == 1) {
            return 0;
        }
        return overheadS + formula.seconds(p, link.alphaS(), link.betaSPerByte(), (p - 1.0) / p);
    }
}
