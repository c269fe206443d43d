package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * An indexed binary min-heap of small integer ids, keyed by a double with ties broken by a long. Keys are stored
 * with the heap entries (comparisons read contiguous memory); the slot of each id is kept in {@code pos[id]}, an
 * array owned by the caller and passed on every call because its owner grows it, so that an id's key can change or
 * the id leave in O(log n). Several heaps can share a {@code pos} array when an id sits in at most one of them.
 */
final class IntHeap {
    private int[] items = new int[4];
    private double[] keys = new double[4];
    private long[] ties = new long[4];
    private int size;

    int size() {
        return size;
    }

    boolean isEmpty() {
        return size == 0;
    }

    /** The id with the smallest key; the heap must not be empty. */
    int top() {
        return items[0];
    }

    /** The smallest key; the heap must not be empty. */
    double topKey() {
        return keys[0];
    }

    void insert(int id, double key, long tie, int[] pos) {
        if (size == items.length) {
            int m = 2 * size;
            items = Arrays.copyOf(items, m);
            keys = Arrays.copyOf(keys, m);
            ties = Arrays.copyOf(ties, m);
        }
        up(size++, id, key, tie, pos);
    }

    void remove(int id, int[] pos) {
        int i = pos[id];
        pos[id] = -1;
        int n = --size;
        if (i == n) {
            return;
        }
        int last = items[n];
        double k = keys[n];
        long t = ties[n];
        if (i > 0 && less(k, t, keys[(i - 1) >>> 1], ties[(i - 1) >>> 1])) {
            up(i, last, k, t, pos);
        } else {
            down(i, last, k, t, pos);
        }
    }

    /** Gives {@code id} a new key and restores the order. */
    void update(int id, double key, long tie, int[] pos) {
        int i = pos[id];
        if (i > 0 && less(key, tie, keys[(i - 1) >>> 1], ties[(i - 1) >>> 1])) {
            up(i, id, key, tie, pos);
        } else {
            down(i, id, key, tie, pos);
        }
    }

    private static boolean less(double k1, long t1, double k2, long t2) {
        return k1 < k2 || (k1 == k2 && t1 < t2);
    }

    private void up(int i, int id, double key, long tie, int[] pos) {
        while (i > 0) {
            int p = (i - 1) >>> 1;
            if (!less(key, tie, keys[p], ties[p])) {
                break;
            }
            set(i, items[p], keys[p], ties[p], pos);
            i = p;
        }
        set(i, id, key, tie, pos);
    }

    private void down(int i, int id, double key, long tie, int[] pos) {
        int half = size >>> 1;
        while (i < half) {
            int c = 2 * i + 1;
            int r = c + 1;
            if (r < size && less(keys[r], ties[r], keys[c], ties[c])) {
                c = r;
            }
            if (!less(keys[c], ties[c], key, tie)) {
                break;
            }
            set(i, items[c], keys[c], ties[c], pos);
            i = c;
        }
        set(i, id, key, tie, pos);
    }

    private void set(int i, int id, double key, long tie, int[] pos) {
        items[i] = id;
        keys[i] = key;
        ties[i] = tie;
        pos[id] = i;
    }
}
