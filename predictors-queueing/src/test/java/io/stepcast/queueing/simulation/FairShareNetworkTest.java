package io.stepcast.queueing.simulation;

import org.junit.jupiter.api.Test;

import java.util.Arrays;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

class FairShareNetworkTest {
    private static FairShareNetwork hosts(int n, double cap) {
        double[] nic = new double[n];
        double[] bus = new double[n];
        Arrays.fill(nic, cap);
        Arrays.fill(bus, Double.POSITIVE_INFINITY);
        return new FairShareNetwork(nic, bus);
    }

    @Test
    void twoEqualFlowsOnOneLinkEachTakeTwiceAsLongAsOneAlone() {
        FairShareNetwork alone = hosts(2, 100);
        alone.start(0, alone.nicClass(0, 1), 1000, 1);
        assertThat(alone.nextCompletionTime()).isCloseTo(10.0, within(1e-12));
        assertThat(alone.completeNext(alone.nextCompletionTime())).isEqualTo(1);

        FairShareNetwork shared = hosts(2, 100);
        shared.start(0, shared.nicClass(0, 1), 1000, 1);
        shared.start(0, shared.nicClass(0, 1), 1000, 2);
        double t1 = shared.nextCompletionTime();
        int first = shared.completeNext(t1);
        double t2 = shared.nextCompletionTime();
        int second = shared.completeNext(t2);
        assertThat(t1).isCloseTo(20.0, within(1e-9));
        assertThat(t2).isCloseTo(20.0, within(1e-9));
        assertThat(first).isEqualTo(1);
        assertThat(second).isEqualTo(2);
    }

    @Test
    void aTransferSlowsDownWhenAnotherStartsAndSpeedsUpWhenItEnds() {
        FairShareNetwork net = hosts(2, 100);
        net.start(0, net.nicClass(0, 1), 1000, 1);
        // At t = 5, 500 bytes are left; a second flow of 200 bytes halves the rate.
        net.start(5, net.nicClass(0, 1), 200, 2);
        double t = net.nextCompletionTime();
        assertThat(t).isCloseTo(9.0, within(1e-9)); // 200 bytes at 50 B/s
        assertThat(net.completeNext(t)).isEqualTo(2);
        // The first flow had 500 - 200 = 300 bytes left, alone again at 100 B/s.
        assertThat(net.nextCompletionTime()).isCloseTo(12.0, within(1e-9));
    }

    @Test
    void sharesAreMaxMinFairAcrossLinks() {
        // Host 0 sends to hosts 1 and 2; host 3 also sends to host 1. Host 1's downlink (100) is shared by two
        // flows (50 each); host 0's uplink then leaves 50 for the flow to host 2? No: max-min gives the flow
        // 0->2 the rest of host 0's uplink, 100 - 50 = 50, since its own links are not saturated otherwise.
        FairShareNetwork net = hosts(4, 100);
        int a = net.nicClass(0, 1);
        int b = net.nicClass(0, 2);
        int c = net.nicClass(3, 1);
        net.start(0, a, 1e9, 1);
        net.start(0, a, 1e9, 2);
        net.start(0, b, 1e9, 3);
        net.start(0, c, 1e9, 4);
        // Host 0 uplink: 3 flows -> 33.3 each; host 1 downlink: 3 flows (two of class a, one of c) -> 33.3.
        assertThat(net.rateOf(a)).isCloseTo(100.0 / 3, within(1e-9));
        assertThat(net.rateOf(b)).isCloseTo(100.0 / 3, within(1e-9));
        // Class c is limited by host 1's downlink share, then takes what is left there: 100 - 2 * 33.3.
        assertThat(net.rateOf(c)).isCloseTo(100.0 / 3, within(1e-9));
        net.completeNext(net.nextCompletionTime()); // nothing finishes soon; check a pure one-link bottleneck
    }
}
