package io.stepcast.regression.megatron;

import java.util.Comparator;
import java.util.PriorityQueue;

/**
 * A minimal discrete-event scheduler: actions run in the order of their simulated time, actions at the same
 * time in the order they were scheduled (so that a run is deterministic). An action may schedule more actions,
 * never in the past. One queue serves one simulation run; not thread-safe.
 */
final class ActionQueue {
    private final PriorityQueue<Event> queue = new PriorityQueue<>(
            Comparator.comparingDouble(Event::time).thenComparingLong(Event::sequence));
    private long sequence;
    private double now;

    private record Event(double time, long sequence, Runnable action) {
    }

    /** The simulated time of the action running now (0 before the run). */
    double now() {
        return now;
    }

    /** Runs {@code action} at simulated time {@code time} (not before {@link #now()}). */
    void at(double time, Runnable action) {
        if (!(time >= now)) {
            throw new IllegalArgumentException("an event at " + time + " s is before the current time " + now + " s");
        }
        queue.add(new Event(time, sequence++, action));
    }

    /** Runs {@code action} {@code delay} seconds after now. */
    void after(double delay, Runnable action) {
        at(now + delay, action);
    }

    /** Runs every event, in time order, until none is left; returns the time of the last. */
    double run() {
        while (!queue.isEmpty()) {
            Event e = queue.poll();
            now = e.time();
            e.action().run();
        }
        return now;
    }
}
