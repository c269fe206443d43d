package io.stepcast.queueing.simulation;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;

/**
 * The gradients of a profile grouped into all-reduce buckets as PyTorch DistributedDataParallel and Horovod's
 * tensor fusion do (S. Li, Y. Zhao, R. Varma et al., "PyTorch Distributed: Experiences on Accelerating Data
 * Parallel Training", PVLDB 13(12), 2020, section 3.2.3 "Gradient Bucketing"): gradients are taken in the order
 * the backward pass releases them (the profiled end of the op that produces each one, ties in profile order),
 * and consecutive gradients join a bucket until its bytes reach the cap; a gradient larger than the cap fills a
 * bucket of its own. DDP also makes its first bucket smaller (1 MiB); we keep every bucket at the cap (our
 * choice: one hyper-parameter). A cap of 0 gives one bucket per gradient (no fusion). Immutable.
 */
final class GradientBuckets {
    /** CSR: sends (indices into the compiled profile's sends) of bucket b are sends[start[b] .. start[b+1]). */
    private final int[] start;
    private final int[] sends;
    private final double[] bytes;

    private GradientBuckets(int[] start, int[] sends, double[] bytes) {
        this.start = start;
        this.sends = sends;
        this.bytes = bytes;
    }

    /**
     * Buckets the gradient sends of {@code p}.
     *
     * @param capBytes bucket cap, bytes (0: one gradient per bucket)
     */
    static GradientBuckets of(CompiledProfile p, double capBytes) {
        if (!(capBytes >= 0) || !Double.isFinite(capBytes)) {
            throw new IllegalArgumentException("bucket size must be a non-negative number of bytes, was " + capBytes);
        }
        Integer[] order = new Integer[p.sends];
        for (int i = 0; i < p.sends; i++) {
            order[i] = i;
        }
        double[] releasedAt = new double[p.sends];
        for (int op = 0; op < p.ops; op++) {
            for (int k = p.opSendStart[op]; k < p.opSendStart[op + 1]; k++) {
                int s = p.opSendList[k];
                releasedAt[s] = p.source.ops().get(op).endUs();
            }
        }
        Arrays.sort(order, Comparator.<Integer>comparingDouble(s -> releasedAt[s]).thenComparingInt(s -> s));
        List<Integer> starts = new ArrayList<>();
        List<Double> sizes = new ArrayList<>();
        int[] flat = new int[p.sends];
        double open = -1;
        for (int i = 0; i < p.sends; i++) {
            int s = order[i];
            flat[i] = s;
            if (open < 0) {
                starts.add(i);
                open = 0;
            }
            open += p.sendBytes[s];
            if (open >= capBytes) {
                sizes.add(open);
                open = -1;
            }
        }
        if (open >= 0) {
            sizes.add(open);
        }
        int[] st = new int[starts.size() + 1];
        for (int b = 0; b < starts.size(); b++) {
            st[b] = starts.get(b);
        }
        st[starts.size()] = p.sends;
        return new GradientBuckets(st, flat, sizes.stream().mapToDouble(Double::doubleValue).toArray());
    }

    /** Number of buckets. */
    int count() {
        return bytes.length;
    }

    /** Bytes of bucket {@code b}. */
    double bytes(int b) {
        return bytes[b];
    }

    /** First position of bucket {@code b} in {@link #send}. */
    int first(int b) {
        return start[b];
    }

    /** One past the last position of bucket {@code b}. */
    int end(int b) {
        return start[b + 1];
    }

    /** The send at position {@code i} (backward release order). */
    int send(int i) {
        return sends[i];
    }
}
