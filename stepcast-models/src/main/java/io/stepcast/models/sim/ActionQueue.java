package io.stepcast.models.sim;

import java.util.Arrays;

/**
 * A discrete-event scheduler of actions on the {@link EventQueue}: actions run in the order of their simulated time,
 * actions at the same time in the order they were scheduled (so that a run is deterministic). An action may schedule
 * more actions, never in the past. For engines whose events are easiest written as closures (a pipeline schedule);
 * an engine with millions of events schedules typed events on the {@link EventQueue} itself and allocates nothing.
 * One queue serves one simulation run; not thread-safe.
 */
public final class ActionQueue {
    private static final int ACTION = 0;

    private final EventQueue events = new EventQueue();
    // Pending actions by slot; an event carries its action's slot, which is reused once the action ran.
    private Runnable[] actions = new Runnable[16];
    private int[] freeSlots = new int[16];
    private int freeCount;
    private int slots;
    private double now;

    /** The simulated time of the action running now (0 before the run). */
    public double now() {
        return now;
    }

    /** Runs {@code action} at simulated time {@code time} (not before {@link #now()}). */
    public void at(double time, Runnable action) {
        if (!(time >= now)) {
            throw new IllegalArgumentException("an event at " + time + " s is before the current time " + now + " s");
        }
        int slot = slot();
        actions[slot] = action;
        events.schedule(time, ACTION, slot, 0);
    }

    /** Runs {@code action} {@code delay} seconds after now. */
    public void after(double delay, Runnable action) {
        at(now + delay, action);
    }

    /** Runs every event, in time order, until none is left; returns the time of the last. */
    public double run() {
        while (!events.isEmpty()) {
            events.poll();
            now = events.polledTime();
            int slot = events.polledA();
            Runnable action = actions[slot];
            actions[slot] = null;
            freeSlots[freeCount++] = slot;
            action.run();
        }
        return now;
    }

    private int slot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        if (slots == actions.length) {
            actions = Arrays.copyOf(actions, 2 * slots);
            freeSlots = Arrays.copyOf(freeSlots, 2 * slots);
        }
        return slots++;
    }
}
