package io.stepcast.queueing.simulation;

import io.stepcast.queueing.SyntheticProfiles;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * One representative worker ({@link SymmetricAggregation}) against the full simulation of every worker, on the
 * synthetic chain and LeNet-shaped profiles (synthetic inputs for the mechanics): equal within 1e-9 relative on
 * the symmetric setups, refused with the reason on the others.
 */
class SymmetricAggregationTest {
    private static final double GBPS = 1e9 / 8;
    private static final double REL = 1e-9;

    private static final CompiledProfile CHAIN =
            CompiledProfile.of(SyntheticProfiles.chain("chain", 32, 10, 4_000_000, 2000, 4000, 10, 50));

    private static SimulationSetup sync(int workers, int ps, int nodes, double latency, double bus, OrderPolicy policy,
                                        boolean hostAggregation) {
        return SimulationSetup.builder().workers(workers).parameterServers(ps).nodes(nodes).nicBytesPerS(10 * GBPS)
                .latencyS(latency).busBytesPerS(bus).mode(Mode.SYNC).policy(policy).hostAggregation(hostAggregation)
                .steps(2, 12).build();
    }

    private static void assertSame(CompiledProfile p, SimulationSetup setup) {
        ThroughputEstimate full = SimulationRunner.run(p, setup, 1, 1, null);
        ThroughputEstimate one = SimulationRunner.runAll(p, List.of(setup), 1, 1, null, 0, 1, true).get(0);
        assertThat(one.workers()).isEqualTo(setup.workers());
        assertThat(one.stepsPerS()).as("%s", setup).isCloseTo(full.stepsPerS(), within(REL * full.stepsPerS()));
        assertThat(one.stepTimeS()).as("%s", setup).isCloseTo(full.stepTimeS(), within(REL * full.stepTimeS()));
        if (setup.workers() > 1) {
            // The point: the representative's events do not grow with the workers.
            assertThat(one.events()).isLessThan(full.events());
        }
    }

    /**
     * Up to 8 workers, where the full simulation keeps its identical workers in step (beyond, and on the chain with a
     * per-message latency, it breaks their symmetry by rounding and event order: see predictors-queueing/README.md).
     */
    @Test
    void oneRepresentativeGivesTheFullSimulationsThroughputOnSymmetricSetups() {
        CompiledProfile lenet = CompiledProfile.of(SyntheticProfiles.lenetLike(false));
        for (OrderPolicy policy : new OrderPolicy[] {OrderPolicy.FIFO, OrderPolicy.TIC, OrderPolicy.TAC}) {
            for (int ps : new int[] {1, 3}) {
                for (int w : new int[] {1, 2, 4, 8}) {
                    assertSame(CHAIN, sync(w, ps, w, 0, Double.POSITIVE_INFINITY, policy, false));
                    // A slow NIC, a modelled bus and a per-message latency.
                    assertSame(lenet, SimulationSetup.builder().workersOnePerHost(w).parameterServers(ps)
                            .nicBytesPerS(GBPS).latencyS(20e-6).busBytesPerS(64 * GBPS).mode(Mode.SYNC).policy(policy)
                            .steps(2, 12).build());
                }
            }
        }
        // Several workers per host aggregated by their host (what simulate does in sync mode), with a modelled bus.
        assertSame(CHAIN, sync(8, 2, 4, 0, 64 * GBPS, OrderPolicy.FIFO, true));
        assertSame(lenet, SimulationSetup.builder().workers(8).nodes(2).nicBytesPerS(GBPS).latencyS(20e-6)
                .busBytesPerS(64 * GBPS).mode(Mode.SYNC).policy(OrderPolicy.TIC).sharding(Sharding.ROUND_ROBIN)
                .hostAggregation(true).steps(2, 12).build());
    }

    @Test
    void asymmetricSetupsAreRefusedWithTheirReason() {
        SimulationSetup ok = sync(8, 1, 8, 0, Double.POSITIVE_INFINITY, OrderPolicy.FIFO, false);
        assertThat(SymmetricAggregation.refusal(ok)).isEmpty();
        SimulationSetup slow = ok.toBuilder().nicBytesPerS(GBPS).build();
        assertThat(SymmetricAggregation.refusal(slow.toBuilder().mode(Mode.ASYNC).build()))
                .hasValueSatisfying(r -> assertThat(r).contains("asynchronous", "staggered"));
        assertThat(SymmetricAggregation.refusal(ok.withPolicy(OrderPolicy.RANDOM)))
                .hasValueSatisfying(r -> assertThat(r).contains("random transfer order", "per worker"));
        assertThat(SymmetricAggregation.refusal(slow.toBuilder().transferJitter(0.1).build()))
                .hasValueSatisfying(r -> assertThat(r).contains("jitter"));
        assertThat(SymmetricAggregation.refusal(slow.toBuilder().parameterServers(2).nodes(4).colocatedPs(true).build()))
                .hasValueSatisfying(r -> assertThat(r).contains("colocated"));
        assertThat(SymmetricAggregation.refusal(ok.withWorkers(6).withNodes(4)))
                .hasValueSatisfying(r -> assertThat(r).contains("6 workers on 4 hosts", "uneven"));
        // One client needs no symmetry.
        assertThat(SymmetricAggregation.refusal(ok.withWorkers(1).withPolicy(OrderPolicy.RANDOM))).isEmpty();
        assertThatThrownBy(() -> SimulationRunner.runAll(CHAIN, List.of(ok, ok.withPolicy(OrderPolicy.RANDOM)), 1, 1,
                null, 0, 1, true)).isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("cannot aggregate 8 workers: the random transfer order");
    }
}
