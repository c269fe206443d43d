package io.stepcast.models.collective;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.collective.LinkCost;
import io.stepcast.api.collective.NcclProtocol;
import io.stepcast.api.collective.Placement;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * {@link CollectiveCost} without a catalog: stated and default figures, the placement factories, the protocol
 * choice, the algorithm, the efficiency and the links a placement needs (the catalog's part is pinned by the
 * callers' tests in the predictor modules). All figures synthetic.
 */
class CollectiveCostTest {
    private static final double GBIT = 1e9 / 8;

    @Test
    void evenPlacementsFillAsFewNodesAsHoldTheRanksAndSpreadThemEvenly() {
        assertThat(Placement.even(10, 8).gpusPerNode()).containsExactly(5, 5);
        assertThat(Placement.even(8, 8).gpusPerNode()).containsExactly(8);
        assertThat(Placement.spread(7, 3).gpusPerNode()).containsExactly(3, 2, 2);
        assertThat(Placement.spread(2, 5).gpusPerNode()).containsExactly(1, 1);
        assertThatThrownBy(() -> Placement.spread(0, 1)).isInstanceOf(IllegalArgumentException.class);
    }

    @Test
    void aStatedBandwidthBeatsTheDefaultAndTheDefaultLatencyStands() {
        Placement p = Placement.uniform(4, 1);
        CollectiveCost stated = CollectiveCost.over(p).defaultLatencyS(20e-6).defaultInterNodeGbps(10)
                .statedInterNodeGbps(OptionalDouble.of(40)).resolve().cost().orElseThrow();
        assertThat(stated.interNode().orElseThrow()).isEqualTo(new LinkCost(20e-6, 40 * GBIT));
        CollectiveCost fallback = CollectiveCost.over(p).defaultLatencyS(20e-6).defaultInterNodeGbps(10)
                .resolve().cost().orElseThrow();
        assertThat(fallback.interNode().orElseThrow()).isEqualTo(new LinkCost(20e-6, 10 * GBIT));
    }

    @Test
    void thePlainModelIsThakursRingAndNcclsFastestProtocolIsNeverSlowerThanAnyOne() {
        Placement p = Placement.singleNode(4);
        CollectiveCost.Builder b = CollectiveCost.over(p).statedIntraNodeGbps(OptionalDouble.of(100))
                .defaultLatencyS(5e-6);
        double plain = b.plainAlphaBeta().resolve().cost().orElseThrow().seconds(Collective.ALL_REDUCE, 1e6);
        // 2(p-1) alpha + 2(p-1)/p m beta over p = 4 ranks.
        assertThat(plain).isCloseTo(6 * 5e-6 + 1.5 * 1e6 / (100 * GBIT), within(1e-12));
        double fastest = CollectiveCost.over(p).statedIntraNodeGbps(OptionalDouble.of(100)).defaultLatencyS(5e-6)
                .resolve().cost().orElseThrow().seconds(Collective.ALL_REDUCE, 1e6);
        for (NcclProtocol protocol : NcclProtocol.values()) {
            double one = CollectiveCost.over(p).statedIntraNodeGbps(OptionalDouble.of(100)).defaultLatencyS(5e-6)
                    .protocols(List.of(protocol)).resolve().cost().orElseThrow().seconds(Collective.ALL_REDUCE, 1e6);
            assertThat(fastest).isLessThanOrEqualTo(one);
        }
    }

    @Test
    void aNetworkEfficiencyBelowOneSlowsTheInterNodePhaseOnly() {
        Placement p = Placement.uniform(2, 1);
        double full = CollectiveCost.over(p).defaultLatencyS(0).defaultInterNodeGbps(10).plainAlphaBeta()
                .resolve().cost().orElseThrow().seconds(Collective.SEND_RECV, 1e6);
        double half = CollectiveCost.over(p).defaultLatencyS(0).defaultInterNodeGbps(10).plainAlphaBeta()
                .interNodeEfficiency(0.5).resolve().cost().orElseThrow().seconds(Collective.SEND_RECV, 1e6);
        assertThat(half).isCloseTo(2 * full, within(1e-15));
    }

    @Test
    void acrossNodesAllToAllIsOneFlatExchangeOverTheNicsAndTheTreeHasNone() {
        Placement p = Placement.uniform(2, 2);
        CollectiveCost.Builder b = CollectiveCost.over(p).defaultLatencyS(0).defaultInterNodeGbps(10)
                .statedIntraNodeGbps(OptionalDouble.of(100)).plainAlphaBeta();
        double exchange = b.resolve().cost().orElseThrow().seconds(Collective.ALL_TO_ALL, 1e6);
        // (p-1)/p m beta over all four ranks on the NIC.
        assertThat(exchange).isCloseTo(0.75 * 1e6 / (10 * GBIT), within(1e-15));
        CollectiveCost tree = b.algorithm(CollectiveCost.Algorithm.TREE).resolve().cost().orElseThrow();
        assertThatThrownBy(() -> tree.seconds(Collective.ALL_TO_ALL, 1e6)).hasMessageContaining("tree");
    }

    @Test
    void aLinkThePlacementNeedsAndNothingGivesIsNamedAndOneRankCostsNothing() {
        assertThat(CollectiveCost.over(Placement.singleNode(2)).resolve().missing())
                .contains(CollectiveCost.Missing.INTRA_NODE);
        assertThat(CollectiveCost.over(Placement.uniform(2, 1)).resolve().missing())
                .contains(CollectiveCost.Missing.INTER_NODE);
        assertThat(CollectiveCost.over(Placement.singleNode(1)).requireIntraNode().resolve().missing())
                .contains(CollectiveCost.Missing.INTRA_NODE);
        CollectiveCost one = CollectiveCost.over(Placement.singleNode(1)).resolve().cost().orElseThrow();
        assertThat(one.seconds(Collective.ALL_REDUCE, 1e9)).isZero();
        assertThat(one.bytes(Collective.ALL_REDUCE, 1)).isEmpty();
    }
}
