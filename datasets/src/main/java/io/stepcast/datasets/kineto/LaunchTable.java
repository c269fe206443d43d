package io.stepcast.datasets.kineto;

import java.util.Arrays;

/**
 * The CPU launch of each GPU activity, by correlation id: when and on which host thread it was launched.
 * Open addressing over primitive arrays (20 bytes a slot, at most 4 slots for 3 entries), so a trace of millions of launches fits in a
 * small heap, where a map of boxed values would not. Not thread-safe.
 */
final class LaunchTable {
    private static final long EMPTY = Long.MIN_VALUE;
    private long[] keys = new long[1 << 12];
    private double[] times = new double[keys.length];
    private int[] threads = new int[keys.length];
    private int size;

    LaunchTable() {
        Arrays.fill(keys, EMPTY);
    }

    /** Records a launch; the first one recorded for an id wins. */
    void put(long correlation, double ts, long tid) {
        if (correlation == EMPTY) {
            return;
        }
        int slot = find(correlation);
        if (keys[slot] == correlation) {
            return;
        }
        keys[slot] = correlation;
        times[slot] = ts;
        // host thread ids are process-local numbers well inside an int; a larger one keeps its low bits
        threads[slot] = (int) tid;
        if (++size * 4 > keys.length * 3L) {
            grow();
        }
    }

    /** The launch time of {@code correlation}, or NaN when unknown. */
    double time(long correlation) {
        int slot = find(correlation);
        return keys[slot] == correlation ? times[slot] : Double.NaN;
    }

    /** The launching thread of {@code correlation} (its low 32 bits), or -1 when unknown. */
    long thread(long correlation) {
        int slot = find(correlation);
        return keys[slot] == correlation ? threads[slot] : -1;
    }

    int size() {
        return size;
    }

    private int find(long key) {
        int mask = keys.length - 1;
        int slot = (int) (mix(key) & mask);
        while (keys[slot] != EMPTY && keys[slot] != key) {
            slot = (slot + 1) & mask;
        }
        return slot;
    }

    private static long mix(long k) {
        k *= 0x9E3779B97F4A7C15L;
        return k ^ (k >>> 29);
    }

    private void grow() {
        long[] oldKeys = keys;
        double[] oldTimes = times;
        int[] oldThreads = threads;
        keys = new long[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        times = new double[keys.length];
        threads = new int[keys.length];
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != EMPTY) {
                int slot = find(oldKeys[i]);
                keys[slot] = oldKeys[i];
                times[slot] = oldTimes[i];
                threads[slot] = oldThreads[i];
            }
        }
    }
}
