package io.stepcast.models.sim;

import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The future-event list gives its events in (time, scheduling order) whichever lane holds them: SYNTHETIC
 * schedules (mechanics only) mixing events at random future times with events a fixed delay after a clock that
 * moves forward, as the simulation schedules a message's latency, polled against a sorted reference.
 */
class EventQueueTest {
    private record Event(double time, long order, int a) {
    }

    @Test
    void bothLanesTogetherPollInTimeThenSchedulingOrder() {
        for (long seed = 1; seed <= 20; seed++) {
            SplittableRandom rng = new SplittableRandom(seed);
            EventQueue q = new EventQueue();
            List<Event> pending = new ArrayList<>();
            long order = 0;
            double now = 0;
            double delay = 0.25;
            int polled = 0;
            for (int step = 0; step < 5_000; step++) {
                int what = rng.nextInt(4);
                if (what == 0) {
                    // Coarse times make ties between the lanes and within the heap frequent.
                    double at = now + Math.floor(4 * rng.nextDouble()) / 8;
                    q.schedule(at, 0, (int) order, 0);
                    pending.add(new Event(at, order, (int) order++));
                } else if (what == 1) {
                    q.scheduleInOrder(now + delay, 1, (int) order, 0);
                    pending.add(new Event(now + delay, order, (int) order++));
                } else if (!pending.isEmpty()) {
                    pending.sort(Comparator.comparingDouble(Event::time).thenComparingLong(Event::order));
                    Event expected = pending.remove(0);
                    assertThat(q.peekTime()).isEqualTo(expected.time());
                    q.poll();
                    assertThat(q.polledTime()).isEqualTo(expected.time());
                    assertThat(q.polledA()).isEqualTo(expected.a());
                    now = q.polledTime();
                    polled++;
                }
                assertThat(q.size()).isEqualTo(pending.size());
            }
            assertThat(polled).isGreaterThan(1_000);
        }
    }

    @Test
    void anInOrderEventThatWouldComeEarlierThanTheLaneGoesToTheHeap() {
        EventQueue q = new EventQueue();
        q.scheduleInOrder(2.0, 0, 1, 0);
        q.scheduleInOrder(1.0, 0, 2, 0);
        q.schedule(1.5, 0, 3, 0);
        List<Integer> order = new ArrayList<>();
        while (!q.isEmpty()) {
            q.poll();
            order.add(q.polledA());
        }
        assertThat(order).containsExactly(2, 3, 1);
    }

    @Test
    void theLaneGrowsPastItsFirstSizeAndKeepsItsOrderAcrossTheWrap() {
        EventQueue q = new EventQueue();
        int next = 0;
        List<Integer> got = new ArrayList<>();
        // Wrap the ring first, then grow it while it wraps.
        for (int i = 0; i < 40; i++) {
            q.scheduleInOrder(i, 0, next++, 0);
        }
        for (int i = 0; i < 30; i++) {
            q.poll();
            got.add(q.polledA());
        }
        for (int i = 40; i < 300; i++) {
            q.scheduleInOrder(i, 0, next++, 0);
        }
        while (!q.isEmpty()) {
            q.poll();
            got.add(q.polledA());
        }
        assertThat(got).hasSize(300);
        for (int i = 0; i < got.size(); i++) {
            assertThat(got.get(i)).isEqualTo(i);
        }
    }
}
