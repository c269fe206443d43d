package io.stepcast.models.sim;

import java.util.Arrays;

/**
 * The future-event list of the discrete-event engines (the parameter-server simulation directly, others through
 * {@link ActionQueue}): a 4-ary min-heap (half the depth of a binary one) keyed by time, with ties broken
 * by insertion order, so that a run is fully deterministic. Events are stored in parallel primitive arrays
 * (time, sequence number, type and two integer arguments): scheduling an event allocates nothing once the
 * arrays have grown to the run's working size.
 *
 * <p>Events scheduled a fixed delay after the current time (a message's network latency) come due in the order
 * they were scheduled, so {@link #scheduleInOrder} keeps them in a first-in first-out lane instead of the heap, at
 * a constant cost where a heap's grows with the events pending (one per worker and more at thousands of workers);
 * {@link #poll} takes the earlier of the two lanes' heads by (time, sequence number), which is the order a single
 * heap would give.
 */
public final class EventQueue {
    private double[] time = new double[256];
    private long[] seq = new long[256];
    private int[] type = new int[256];
    private int[] argA = new int[256];
    private int[] argB = new int[256];
    private int size;
    private long nextSeq;

    // The in-order lane: a ring buffer of events whose times never decrease.
    private double[] laneTime = new double[64];
    private long[] laneSeq = new long[64];
    private int[] laneType = new int[64];
    private int[] laneA = new int[64];
    private int[] laneB = new int[64];
    private int laneHead;
    private int laneSize;

    // Fields of the event removed by the last poll().
    private double polledTime;
    private int polledType;
    private int polledA;
    private int polledB;

    /** Schedules an event of {@code eventType} with two integer arguments at {@code at}. */
    public void schedule(double at, int eventType, int a, int b) {
        if (size == time.length) {
            grow();
        }
        int i = size++;
        long s = nextSeq++;
        // Sift up without swapping: move parents down until the slot fits.
        while (i > 0) {
            int parent = (i - 1) >>> 2;
            if (!before(at, s, time[parent], seq[parent])) {
                break;
            }
            copy(parent, i);
            i = parent;
        }
        set(i, at, s, eventType, a, b);
    }

    /**
     * Schedules an event that comes due no earlier than every event scheduled this way before it (the current
     * time plus a fixed delay); one that would come earlier goes to the heap, so the order is right either way.
     */
    public void scheduleInOrder(double at, int eventType, int a, int b) {
        if (laneSize > 0 && at < laneTime[(laneHead + laneSize - 1) & (laneTime.length - 1)]) {
            schedule(at, eventType, a, b);
            return;
        }
        if (laneSize == laneTime.length) {
            growLane();
        }
        int i = (laneHead + laneSize++) & (laneTime.length - 1);
        laneTime[i] = at;
        laneSeq[i] = nextSeq++;
        laneType[i] = eventType;
        laneA[i] = a;
        laneB[i] = b;
    }

    /** True when no event is pending. */
    public boolean isEmpty() {
        return size == 0 && laneSize == 0;
    }

    /** Time of the earliest event, or positive infinity when empty. */
    public double peekTime() {
        double heap = size == 0 ? Double.POSITIVE_INFINITY : time[0];
        return laneSize == 0 ? heap : Math.min(heap, laneTime[laneHead]);
    }

    /** Removes the earliest event; read it with {@link #polledTime()} and friends. */
    public void poll() {
        if (laneSize > 0 && (size == 0 || before(laneTime[laneHead], laneSeq[laneHead], time[0], seq[0]))) {
            polledTime = laneTime[laneHead];
            polledType = laneType[laneHead];
            polledA = laneA[laneHead];
            polledB = laneB[laneHead];
            laneHead = (laneHead + 1) & (laneTime.length - 1);
            laneSize--;
            return;
        }
        if (size == 0) {
            throw new IllegalStateException("no event to poll");
        }
        polledTime = time[0];
        polledType = type[0];
        polledA = argA[0];
        polledB = argB[0];
        size--;
        if (size == 0) {
            return;
        }
        double t = time[size];
        long s = seq[size];
        int ty = type[size];
        int a = argA[size];
        int b = argB[size];
        int i = 0;
        while (true) {
            int child = 4 * i + 1;
            if (child >= size) {
                break;
            }
            int end = Math.min(child + 4, size);
            for (int j = child + 1; j < end; j++) {
                if (before(time[j], seq[j], time[child], seq[child])) {
                    child = j;
                }
            }
            if (!before(time[child], seq[child], t, s)) {
                break;
            }
            copy(child, i);
            i = child;
        }
        set(i, t, s, ty, a, b);
    }

    public double polledTime() {
        return polledTime;
    }

    public int polledType() {
        return polledType;
    }

    public int polledA() {
        return polledA;
    }

    public int polledB() {
        return polledB;
    }

    /** Number of pending events. */
    public int size() {
        return size + laneSize;
    }

    private static boolean before(double t1, long s1, double t2, long s2) {
        return t1 < t2 || (t1 == t2 && s1 < s2);
    }

    private void copy(int from, int to) {
        time[to] = time[from];
        seq[to] = seq[from];
        type[to] = type[from];
        argA[to] = argA[from];
        argB[to] = argB[from];
    }

    private void set(int i, double t, long s, int ty, int a, int b) {
        time[i] = t;
        seq[i] = s;
        type[i] = ty;
        argA[i] = a;
        argB[i] = b;
    }

    /** Doubles the lane (a power of two, so that an index wraps with a mask), its events first in order. */
    private void growLane() {
        int length = laneTime.length;
        int n = 2 * length;
        laneTime = unwrap(laneTime, new double[n], length);
        laneSeq = unwrap(laneSeq, new long[n], length);
        laneType = unwrap(laneType, new int[n], length);
        laneA = unwrap(laneA, new int[n], length);
        laneB = unwrap(laneB, new int[n], length);
        laneHead = 0;
    }

    /**
     * Copies the lane's events from the ring {@code from} of {@code length} slots to the start of the array
     * {@code to}, in order.
     */
    private <A> A unwrap(A from, A to, int length) {
        int first = Math.min(laneSize, length - laneHead);
        System.arraycopy(from, laneHead, to, 0, first);
        System.arraycopy(from, 0, to, first, laneSize - first);
        return to;
    }

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        seq = Arrays.copyOf(seq, n);
        type = Arrays.copyOf(type, n);
        argA = Arrays.copyOf(argA, n);
        argB = Arrays.copyOf(argB, n);
    }
}
