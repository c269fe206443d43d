package io.stepcast.datasets.timeline;

import java.util.Arrays;

/**
 * Canonical strings for the names of a trace, looked up straight from the parser's character buffer. A
 * training timeline repeats the same few thousand node names every step; building a new {@code String} for each
 * occurrence, then hashing it to find the canonical one, was a fifth of the parser thread's time. Here the
 * characters are hashed once and compared in place, and a string is built only the first time a name is seen.
 * The canonical strings also make the converter's later look-ups cheap (their hash codes are cached).
 *
 * <p>Bounded: when it holds {@value #LIMIT} names (a trace whose names do not repeat) it starts afresh, so memory
 * does not grow with the file. Not thread-safe: one per parse.
 */
final class NameTable {
    /** Names held before the table is cleared. */
    static final int LIMIT = 1 << 18;

    private static final int INITIAL = 1 << 10;

    private char[][] keys = new char[INITIAL][];
    private String[] values = new String[INITIAL];
    private int[] hashes = new int[INITIAL];
    private int size;

    /** The canonical string of {@code text[offset, offset + length)}. */
    String intern(char[] text, int offset, int length) {
        int h = hash(text, offset, length);
        int mask = keys.length - 1;
        for (int slot = spread(h) & mask; ; slot = (slot + 1) & mask) {
            char[] k = keys[slot];
            if (k == null) {
                return insert(slot, h, text, offset, length);
            }
            if (hashes[slot] == h && Arrays.equals(k, 0, k.length, text, offset, offset + length)) {
                return values[slot];
            }
        }
    }

    /** Names currently held. */
    int size() {
        return size;
    }

    private String insert(int slot, int h, char[] text, int offset, int length) {
        String s = new String(text, offset, length);
        if (size >= LIMIT) {
            clear(INITIAL);
            return s;
        }
        keys[slot] = Arrays.copyOfRange(text, offset, offset + length);
        values[slot] = s;
        hashes[slot] = h;
        if (++size * 2 > keys.length) {
            grow();
        }
        return s;
    }

    private void grow() {
        char[][] oldKeys = keys;
        String[] oldValues = values;
        int[] oldHashes = hashes;
        clear(oldKeys.length * 2);
        int mask = keys.length - 1;
        for (int i = 0; i < oldKeys.length; i++) {
            if (oldKeys[i] != null) {
                int slot = spread(oldHashes[i]) & mask;
                while (keys[slot] != null) {
                    slot = (slot + 1) & mask;
                }
                keys[slot] = oldKeys[i];
                values[slot] = oldValues[i];
                hashes[slot] = oldHashes[i];
                size++;
            }
        }
    }

    private void clear(int capacity) {
        keys = new char[capacity][];
        values = new String[capacity];
        hashes = new int[capacity];
        size = 0;
    }

    /**
     * The polynomial hash of {@code String}, four characters a round: one multiplication chain per four characters
     * instead of per character, which is what limits the loop on names of tens of characters.
     */
    static int hash(char[] text, int offset, int length) {
        int h = length;
        int i = offset;
        int end = offset + length;
        for (; i + 4 <= end; i += 4) {
            h = h * 923_521 + text[i] * 29_791 + text[i + 1] * 961 + text[i + 2] * 31 + text[i + 3];
        }
        for (; i < end; i++) {
            h = 31 * h + text[i];
        }
        return h;
    }

    /** Names of a trace share long prefixes, so mix the high bits into the slot. */
    private static int spread(int h) {
        return h ^ (h >>> 16);
    }
}
