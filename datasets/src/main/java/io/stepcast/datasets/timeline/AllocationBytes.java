package io.stepcast.datasets.timeline;

/**
 * The size of a tensor from the text of its {@code TensorDescription} (protobuf text format, as a TensorFlow 1.x
 * timeline's {@code "ph":"O"} snapshot holds it in {@code args.snapshot.tensor_description}): the
 * {@code requested_bytes} of its {@code AllocationDescription} ({@code allocation_description.proto}), the
 * tensor's exact size, else {@code allocated_bytes}, which the allocator may have rounded up. Read straight from
 * the parser's characters, so no string is built per snapshot. Stateless.
 */
final class AllocationBytes {
    private static final char[] REQUESTED = "requested_bytes: ".toCharArray();
    private static final char[] ALLOCATED = "allocated_bytes: ".toCharArray();

    private AllocationBytes() {
    }

    /** The tensor's bytes in a description; -1 when it gives neither field. */
    static long of(String description) {
        char[] c = description.toCharArray();
        return of(c, 0, c.length);
    }

    /** As {@link #of(String)}, over a slice of characters. */
    static long of(char[] text, int offset, int length) {
        long v = field(text, offset, length, REQUESTED);
        return v >= 0 ? v : field(text, offset, length, ALLOCATED);
    }

    private static long field(char[] s, int offset, int length, char[] key) {
        int end = offset + length;
        outer:
        for (int i = offset; i + key.length <= end; i++) {
            for (int k = 0; k < key.length; k++) {
                if (s[i + k] != key[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + key.length;
            int start = j;
            while (j < end && s[j] >= '0' && s[j] <= '9') {
                v = v * 10 + (s[j] - '0');
                j++;
            }
            return j == start ? -1 : v;
        }
        return -1;
    }
}
