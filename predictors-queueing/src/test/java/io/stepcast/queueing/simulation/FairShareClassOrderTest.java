package io.stepcast.queueing.simulation;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The order in which the transfers of one class complete: by target, equal targets by tag, whether a class holds one
 * transfer (kept in its record) or several (the rest in arrays), on a NIC and on a bus (whose group has no heap).
 */
class FairShareClassOrderTest {
    private static FairShareNetwork network(double bus) {
        double[] nic = {100, 100};
        double[] buses = {bus, bus};
        return new FairShareNetwork(nic, buses);
    }

    private static List<Integer> drain(FairShareNetwork net) {
        List<Integer> tags = new ArrayList<>();
        double t;
        while ((t = net.nextCompletionTime()) != Double.POSITIVE_INFINITY) {
            tags.add(net.completeNext(t));
        }
        return tags;
    }

    @Test
    void transfersOfOneClassCompleteByTargetThenTag() {
        double[] bytes = {300, 100, 100, 200, 100, 50, 200};
        int[] tags = {4, 2, 7, 1, 3, 9, 0};
        for (boolean onBus : new boolean[] {false, true}) {
            FairShareNetwork net = network(onBus ? 100 : Double.POSITIVE_INFINITY);
            int cls = onBus ? net.busClass(0, 1) : net.nicClass(0, 1);
            for (int i = 0; i < bytes.length; i++) {
                net.start(0, cls, bytes[i], tags[i]);
            }
            assertThat(drain(net)).as(onBus ? "bus" : "NIC").containsExactly(9, 2, 3, 7, 0, 1, 4);
        }
    }

    @Test
    void anEmptiedClassRestartedInTheSameInstantKeepsTheOrder() {
        // One transfer per class, as a channel sends, then a burst into the emptied class.
        FairShareNetwork net = network(100);
        int nic = net.nicClass(0, 1);
        int bus = net.busClass(1, 1);
        net.start(0, nic, 100, 1);
        net.start(0, bus, 100, 2);
        double t = net.nextCompletionTime();
        int first = net.completeNext(t);
        int second = net.completeNext(net.nextCompletionTime());
        // Equal targets at equal rates: the NIC class's reference id is the smaller one, so it comes first.
        assertThat(Arrays.asList(first, second)).containsExactly(1, 2);
        assertThat(net.nextCompletionTime()).isEqualTo(Double.POSITIVE_INFINITY);
        for (int tag = 10; tag < 16; tag++) {
            net.start(t, nic, tag % 2 == 0 ? 50 : 25, tag);
        }
        assertThat(drain(net)).containsExactly(11, 13, 15, 10, 12, 14);
    }
}
