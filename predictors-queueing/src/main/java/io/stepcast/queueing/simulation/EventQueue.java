package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * The future-event list of the discrete-event engine: a 4-ary min-heap (half the depth of a binary one) keyed by time, with ties broken
 * by insertion order, so that a run is fully deterministic. Events are stored in parallel primitive arrays
 * (time, sequence number, type and two integer arguments): scheduling an event allocates nothing once the
 * arrays have grown to the run's working size.
 */
final class EventQueue {
    private double[] time = new double[256];
    private long[] seq = new long[256];
    private int[] type = new int[256];
    private int[] argA = new int[256];
    private int[] argB = new int[256];
    private int size;
    private long nextSeq;

    // Fields of the event removed by the last poll().
    private double polledTime;
    private int polledType;
    private int polledA;
    private int polledB;

    /** Schedules an event of {@code eventType} with two integer arguments at {@code at}. */
    void schedule(double at, int eventType, int a, int b) {
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

    /** True when no event is pending. */
    boolean isEmpty() {
        return size == 0;
    }

    /** Time of the earliest event, or positive infinity when empty. */
    double peekTime() {
        return size == 0 ? Double.POSITIVE_INFINITY : time[0];
    }

    /** Removes the earliest event; read it with {@link #polledTime()} and friends. */
    void poll() {
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

    double polledTime() {
        return polledTime;
    }

    int polledType() {
        return polledType;
    }

    int polledA() {
        return polledA;
    }

    int polledB() {
        return polledB;
    }

    /** Number of pending events. */
    int size() {
        return size;
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

    private void grow() {
        int n = time.length * 2;
        time = Arrays.copyOf(time, n);
        seq = Arrays.copyOf(seq, n);
        type = Arrays.copyOf(type, n);
        argA = Arrays.copyOf(argA, n);
        argB = Arrays.copyOf(argB, n);
    }
}
