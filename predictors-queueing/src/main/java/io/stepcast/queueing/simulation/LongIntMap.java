package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * A map from non-negative {@code long} keys to {@code int} values in two primitive arrays (open addressing with
 * linear probing, kept at most half full), so that looking a key up allocates nothing and boxes nothing. Not
 * thread-safe; nothing is ever removed.
 */
final class LongIntMap {
    private static final long EMPTY = -1;

    private long[] keys = new long[64];
    private int[] values = new int[64];
    private int size;

    LongIntMap() {
        Arrays.fill(keys, EMPTY);
    }

    /** The value of {@code key}, or {@code absent} when it has none. */
    int get(long key, int absent) {
        int mask = keys.length - 1;
        for (int i = index(key, mask); keys[i] != EMPTY; i = (i + 1) & mask) {
            if (keys[i] == key) {
                return values[i];
            }
        }
        return absent;
    }

    /** Gives {@code key} (not negative) the value {@code value}. */
    void put(long key, int value) {
        if (key < 0) {
            throw new IllegalArgumentException("a key must not be negative, was " + key);
        }
        if (insert(keys, values, key, value)) {
            if (++size * 2 > keys.length) {
                grow();
            }
        }
    }

    int size() {
        return size;
    }

    /** Puts or replaces; true when the key was new. */
    private static boolean insert(long[] keys, int[] values, long key, int value) {
        int mask = keys.length - 1;
        int i = index(key, mask);
        while (keys[i] != EMPTY) {
            if (keys[i] == key) {
                values[i] = value;
                return false;
            }
            i = (i + 1) & mask;
        }
        keys[i] = key;
        values[i] = value;
        return true;
    }

    private static int index(long key, int mask) {
        long h = key * 0x9E3779B97F4A7C15L;
        return (int) (h ^ (h >>> 29)) & mask;
    }

    private void grow() {
        long[] oldKeys = keys;
        int[] oldValues = values;
        keys = new long[oldKeys.length * 2];
        values = new int[oldKeys.length * 2];
        Arrays.fill(keys, EMPTY);
        for (int j = 0; j < oldKeys.length; j++) {
            if (oldKeys[j] != EMPTY) {
                insert(keys, values, oldKeys[j], oldValues[j]);
            }
        }
    }
}
