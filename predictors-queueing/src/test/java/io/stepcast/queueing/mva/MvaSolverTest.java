package io.stepcast.queueing.mva;

import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class MvaSolverTest {

    @Test
    void matchesAHandSolvedTwoStationNetwork() {
        // Z = 0, D1 = 1, D2 = 0.5.
        // n = 1: R = (1, 0.5), X = 1 / 1.5 = 2/3, Q = (2/3, 1/3).
        // n = 2: R1 = 1 * (1 + 2/3) = 5/3, R2 = 0.5 * (1 + 1/3) = 2/3, X = 2 / (7/3) = 6/7, Q = (10/7, 4/7).
        MvaSolution s = MvaSolver.solve(0, new double[] {1, 0.5}, 2);
        assertThat(s.throughputs()[1]).isCloseTo(2.0 / 3, within(1e-12));
        assertThat(s.throughput()).isCloseTo(6.0 / 7, within(1e-12));
        assertThat(s.residenceS()).containsExactly(new double[] {5.0 / 3, 2.0 / 3}, within(1e-12));
        assertThat(s.queueLengths()).containsExactly(new double[] {10.0 / 7, 4.0 / 7}, within(1e-12));
        assertThat(s.cycleTimeS()).isCloseTo(7.0 / 3, within(1e-12));
    }

    @Test
    void matchesAHandSolvedDelayPlusQueueNetwork() {
        // Z = 2, D = 1. n = 1: X = 1/3, Q = 1/3. n = 2: R = 4/3, X = 2 / (10/3) = 0.6.
        MvaSolution s = MvaSolver.solve(2, new double[] {1}, 2);
        assertThat(s.throughput()).isCloseTo(0.6, within(1e-12));
        assertThat(s.queueLengths()[0]).isCloseTo(0.8, within(1e-12));
    }

    @Test
    void throughputRespectsTheAsymptoticBoundsAndSaturates() {
        double[] d = {0.02, 0.01, 0.02};
        double previous = 0;
        for (int n = 1; n <= 64; n++) {
            double x = MvaSolver.solve(0.1, d, n).throughput();
            assertThat(x).isGreaterThanOrEqualTo(previous);
            assertThat(x).isLessThanOrEqualTo(MvaSolver.throughputBound(0.1, d, n) * (1 + 1e-12));
            previous = x;
        }
        assertThat(previous).isBetween(48.0, 50.0); // approaches 1 / max D from below
    }

    @Test
    void syncVariantIsComputePlusTandemMakespan() {
        // S = 100 MB over 2 shards at 1 GB/s, every pair remote: 0.05 s upload and download per customer per
        // shard; update 0.02 s / 2 = 0.01 s. Four customers: Z + (0.05 + 0.01 + 0.05) + 3 * 0.05.
        PsQueueingModel m = new PsQueueingModel(0.3, 100e6, 1e9, 2, 0.02, 1.0, 4, 1, true);
        assertThat(m.stepTimeS()).isCloseTo(0.3 + 0.11 + 0.15, within(1e-12));
        assertThat(m.stepsPerS()).isCloseTo(4 / 0.56, within(1e-9));
    }

    @Test
    void colocatedShardsMoveOnlyTheRemoteFraction() {
        // 8 hosts aggregating, 8 shards: each host holds one shard locally.
        assertThat(MvaNetworks.crossFraction(64, 8, 8, true, true)).isCloseTo(7.0 / 8, within(1e-12));
        assertThat(MvaNetworks.crossFraction(8, 1, 1, true, true)).isZero();
        assertThat(MvaNetworks.crossFraction(4, 4, 2, false, false)).isEqualTo(1.0);
    }
}
