package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * The transfers in flight of every class of {@link FairShareNetwork}, by class slot: per class a heap of completion
 * targets (in the class's service; equal targets by tag, as the non-incremental engine orders them) over one pool of
 * entries that all the heaps share and reuse, so that a transfer costs no allocation once the pool has grown. Grows
 * with the class slots ({@link #ensureClasses}). Not thread-safe.
 */
final class ClassTransfers {
    private IntHeap[] targets = new IntHeap[16];
    private int[] entryTag = new int[16];
    private int[] entryPos = new int[16];
    private int[] freeEntries = new int[16];
    private int freeCount;
    private int entries;

    /** Makes room for class slots below {@code classes}. */
    void ensureClasses(int classes) {
        if (classes > targets.length) {
            targets = Arrays.copyOf(targets, Math.max(classes, 2 * targets.length));
        }
    }

    /** Adds a transfer of {@code tag} completing at {@code target} to class {@code cls}; returns its earliest target. */
    double push(int cls, double target, int tag) {
        IntHeap h = targets[cls];
        if (h == null) {
            h = new IntHeap(1, 0);
            targets[cls] = h;
        }
        h.insert(newEntry(tag), target, tag, entryPos);
        return h.topKey();
    }

    /** Removes the earliest transfer of class {@code cls} (which must have one) and returns its tag. */
    int pop(int cls) {
        IntHeap h = targets[cls];
        int e = h.top();
        int tag = entryTag[e];
        h.remove(e, entryPos);
        freeEntries[freeCount++] = e;
        return tag;
    }

    /** The earliest target of class {@code cls}, which must have a transfer. */
    double earliest(int cls) {
        return targets[cls].topKey();
    }

    private int newEntry(int tag) {
        int e;
        if (freeCount > 0) {
            e = freeEntries[--freeCount];
        } else {
            if (entries == entryTag.length) {
                int m = 2 * entries;
                entryTag = Arrays.copyOf(entryTag, m);
                entryPos = Arrays.copyOf(entryPos, m);
                freeEntries = Arrays.copyOf(freeEntries, m);
            }
            e = entries++;
        }
        entryTag[e] = tag;
        return e;
    }
}
