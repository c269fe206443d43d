package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * An indexed 4-ary min-heap of small integer ids, keyed by a double with ties broken by a long. Keys are stored
 * with the heap entries (comparisons read contiguous memory); the slot of each id is kept in
 * {@code pos[id * stride + offset]}, an array owned by the caller and passed on every call because its owner grows
 * it, so that an id's key can change or the id leave in O(log n). The stride lets the slot sit in a record of other
 * fields of the id that the caller reads anyway. Several heaps can share a {@code pos} array when an id sits in at
 * most one of them.
 * Four children per node halve the depth of a binary heap, and the children share a cache line or two, which
 * matters for the heaps of thousands of workers. The ties are distinct in every use, so the order is total and the
 * top does not depend on the arity.
 */
final class IntHeap {
    private int[] items = new int[4];
    private double[] keys = new double[4];
    private long[] ties = new long[4];
    private int size;
    private final int stride;
    private final int offset;

    /** A heap that keeps the slot of id {@code i} in {@code pos[i * stride + offset]}. */
    IntHeap(int stride, int offset) {
        this.stride = stride;
        this.offset = offset;
    }

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
        int i = pos[id * stride + offset];
        pos[id * stride + offset] = -1;
        int n = --size;
        if (i == n) {
            return;
        }
        int last = items[n];
        double k = keys[n];
        long t = ties[n];
        if (i > 0 && less(k, t, keys[(i - 1) >>> 2], ties[(i - 1) >>> 2])) {
            up(i, last, k, t, pos);
        } else {
            down(i, last, k, t, pos);
        }
    }

    /** Gives {@code id} a new key and restores the order. */
    void update(int id, double key, long tie, int[] pos) {
        int i = pos[id * stride + offset];
        if (i > 0 && less(key, tie, keys[(i - 1) >>> 2], ties[(i - 1) >>> 2])) {
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
            int p = (i - 1) >>> 2;
            if (!less(key, tie, keys[p], ties[p])) {
                break;
            }
            set(i, items[p], keys[p], ties[p], pos);
            i = p;
        }
        set(i, id, key, tie, pos);
    }

    private void down(int i, int id, double key, long tie, int[] pos) {
        while (true) {
            int c = 4 * i + 1;
            if (c >= size) {
                break;
            }
            int end = Math.min(c + 4, size);
            int m = c;
            for (int j = c + 1; j < end; j++) {
                if (less(keys[j], ties[j], keys[m], ties[m])) {
                    m = j;
                }
            }
            if (!less(keys[m], ties[m], key, tie)) {
                break;
            }
            set(i, items[m], keys[m], ties[m], pos);
            i = m;
        }
        set(i, id, key, tie, pos);
    }

    private void set(int i, int id, double key, long tie, int[] pos) {
        items[i] = id;
        keys[i] = key;
        ties[i] = tie;
        pos[id * stride + offset] = i;
    }
}
