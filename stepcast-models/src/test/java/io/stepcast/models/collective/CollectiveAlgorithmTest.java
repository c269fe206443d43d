package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.CollectiveAlgorithm;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/** The closed forms on a synthetic link: alpha 10 us, 100 GB/s (no measurement involved). */
class CollectiveAlgorithmTest {
    private static final LinkCost SYNTHETIC_LINK = LinkCost.of(10, 100);
    private static final double MIB = 1 << 20;

    @Test
    void ringAllReduceIsTwoPMinusOneHopsAndTwoPMinusOneOverPOfTheBytes() {
        RingAlgorithm ring = new RingAlgorithm(SYNTHETIC_LINK);
        double t = ring.seconds(Collective.ALL_REDUCE, 100 * MIB, Placement.singleNode(8));
        assertThat(t).isCloseTo(2 * 7 * 10e-6 + 2.0 * 7 / 8 * 100 * MIB / 100e9, within(1e-12));
        assertThat(ring.seconds(Collective.REDUCE_SCATTER, 100 * MIB, Placement.singleNode(8)))
                .isCloseTo(7 * 10e-6 + 7.0 / 8 * 100 * MIB / 100e9, within(1e-12));
        assertThat(ring.seconds(Collective.ALL_GATHER, 100 * MIB, Placement.singleNode(4)))
                .isCloseTo(3 * 10e-6 + 3.0 / 4 * 100 * MIB / 100e9, within(1e-12));
        assertThat(ring.seconds(Collective.BROADCAST, MIB, Placement.singleNode(4)))
                .isCloseTo(3 * 10e-6 + MIB / 100e9, within(1e-12));
        assertThat(ring.seconds(Collective.SEND_RECV, MIB, Placement.singleNode(2)))
                .isCloseTo(10e-6 + MIB / 100e9, within(1e-12));
        assertThat(ring.seconds(Collective.ALL_REDUCE, MIB, Placement.singleNode(1))).isZero();
    }

    @Test
    void theBusBandwidthOfTheRingIsTheLinkBandwidthForLargeMessages() {
        RingAlgorithm ring = new RingAlgorithm(SYNTHETIC_LINK);
        double bytes = 1e12;
        double t = ring.seconds(Collective.ALL_REDUCE, bytes, Placement.singleNode(8));
        assertThat(CollectiveAlgorithm.busBandwidth(Collective.ALL_REDUCE, bytes, t, 8)).isCloseTo(100e9, within(1e6));
    }

    @Test
    void treeLatencyIsLogarithmic() {
        assertThat(TreeAlgorithm.depth(2)).isEqualTo(1);
        assertThat(TreeAlgorithm.depth(8)).isEqualTo(3);
        assertThat(TreeAlgorithm.depth(9)).isEqualTo(4);
        TreeAlgorithm tree = new TreeAlgorithm(SYNTHETIC_LINK);
        assertThat(tree.seconds(Collective.ALL_REDUCE, 0, Placement.singleNode(64))).isCloseTo(2 * 6 * 10e-6, within(1e-12));
        assertThat(new RingAlgorithm(SYNTHETIC_LINK).seconds(Collective.ALL_REDUCE, 0, Placement.singleNode(64)))
                .isCloseTo(2 * 63 * 10e-6, within(1e-12));
        assertThat(tree.seconds(Collective.BROADCAST, MIB, Placement.singleNode(8)))
                .isCloseTo(3 * (10e-6 + MIB / 100e9), within(1e-12));
        assertThatThrownBy(() -> tree.seconds(Collective.ALL_TO_ALL, MIB, Placement.singleNode(8)))
                .hasMessageContaining("all-to-all");
    }

    @Test
    void hierarchicalAddsItsThreePhasesAndWaitsForTheFullestNode() {
        RingAlgorithm intra = new RingAlgorithm(LinkCost.of(2, 300));
        RingAlgorithm inter = new RingAlgorithm(LinkCost.of(14, 12.5));
        HierarchicalAlgorithm h = new HierarchicalAlgorithm(intra, inter);
        Placement uneven = new Placement(List.of(4, 2, 3));
        assertThat(uneven.ranks()).isEqualTo(9);
        double m = 64 * MIB;
        double expected = (3 * 2e-6 + m / 300e9) + (2 * 2 * 14e-6 + 2.0 * 2 / 3 * m / 12.5e9) + (3 * 2e-6 + m / 300e9);
        assertThat(h.seconds(Collective.ALL_REDUCE, m, uneven)).isCloseTo(expected, within(1e-12));
        assertThat(h.seconds(Collective.ALL_REDUCE, m, Placement.singleNode(8)))
                .isEqualTo(intra.seconds(Collective.ALL_REDUCE, m, Placement.singleNode(8)));
        assertThat(h.seconds(Collective.SEND_RECV, m, uneven)).isCloseTo(14e-6 + m / 12.5e9, within(1e-12));
    }

    @Test
    void pipelinedPhasesTakeTheSlowestPhasePlusTheOthersLatencies() {
        RingAlgorithm intra = new RingAlgorithm(LinkCost.of(2, 300));
        RingAlgorithm inter = new RingAlgorithm(LinkCost.of(14, 12.5));
        HierarchicalAlgorithm h = new HierarchicalAlgorithm(intra, inter, true);
        Placement uneven = new Placement(List.of(4, 2, 3));
        double m = 64 * MIB;
        // The NIC phase is the slowest; the intra-node reduce and broadcast add only their latencies.
        double expected = (3 * 2e-6) + (2 * 2 * 14e-6 + 2.0 * 2 / 3 * m / 12.5e9) + (3 * 2e-6);
        assertThat(h.seconds(Collective.ALL_REDUCE, m, uneven)).isCloseTo(expected, within(1e-12));
        assertThat(h.seconds(Collective.ALL_REDUCE, m, uneven))
                .isLessThan(new HierarchicalAlgorithm(intra, inter).seconds(Collective.ALL_REDUCE, m, uneven));
        // An empty message costs the latencies of every phase either way.
        assertThat(h.seconds(Collective.ALL_REDUCE, 0, uneven)).isCloseTo(
                new HierarchicalAlgorithm(intra, inter).seconds(Collective.ALL_REDUCE, 0, uneven), within(1e-15));
        assertThat(h.name()).isEqualTo("hierarchical-pipelined");
    }

    @Test
    void ncclProtocolsTradeBandwidthForLatency() {
        RingAlgorithm ll = RingAlgorithm.nccl(SYNTHETIC_LINK, NcclProtocol.LL, NcclProtocol.Hardware.NVLINK);
        RingAlgorithm simple = RingAlgorithm.nccl(SYNTHETIC_LINK, NcclProtocol.SIMPLE, NcclProtocol.Hardware.NVLINK);
        Placement eight = Placement.singleNode(8);
        assertThat(ll.seconds(Collective.ALL_REDUCE, 8 * 1024, eight))
                .isLessThan(simple.seconds(Collective.ALL_REDUCE, 8 * 1024, eight));
        assertThat(ll.seconds(Collective.ALL_REDUCE, 1024 * MIB, eight))
                .isGreaterThan(simple.seconds(Collective.ALL_REDUCE, 1024 * MIB, eight));
        assertThat(ll.link().bytesPerS()).isEqualTo(50e9);
        assertThat(simple.overheadS()).isCloseTo(8.4e-6, within(1e-15));
    }

    @Test
    void badArgumentsAreRefused() {
        assertThatThrownBy(() -> new Placement(List.of(2, 0))).hasMessageContaining("at least one GPU");
        assertThatThrownBy(() -> LinkCost.of(1, 0)).hasMessageContaining("bandwidth");
        assertThatThrownBy(() -> new RingAlgorithm(SYNTHETIC_LINK).seconds(Collective.ALL_REDUCE, -1, Placement.singleNode(2)))
                .hasMessageContaining("bytes");
    }
}
