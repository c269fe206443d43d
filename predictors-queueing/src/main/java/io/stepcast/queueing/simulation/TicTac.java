package io.stepcast.queueing.simulation;

import java.util.Arrays;

/**
 * Static transfer orders of TicTac (S. H. Hashemi, S. A. Jyothi, R. H. Campbell, "TicTac: Accelerating
 * Distributed Deep Learning with Communication Scheduling", SysML 2019), exactly as docs/methods.md section 1
 * defines them. For an outstanding receive {@code r}: {@code M(r)} its communication time; {@code P(r)} the
 * summed compute time of the ops whose only outstanding dependency is {@code r}; {@code Mp(r)} the smallest,
 * over the ops that still depend on more than one outstanding receive including {@code r}, of the summed
 * communication time of those receives (infinity if there is none).
 *
 * <p>Dependencies are the op's required tensors closed over its compute stream: the ops of one stream run in
 * order, so an op cannot start before its stream predecessor could, and depends on whatever that one depends
 * on. This restores "the union of its inputs' dependencies" for profiles that list only each op's own
 * tensors (the zoo profiles, where the stream order is the data flow); for ops on separate streams it changes
 * nothing.
 *
 * <p>Ties that the definitions leave open (equal Mp in TIC, equal Mp in TAC's tie rule) go to the receive
 * that comes first in the profiled order, so that the orders are deterministic.
 */
public final class TicTac {
    private TicTac() {
    }

    /**
     * TIC: unit communication cost per receive and zero cost per op; receives in ascending {@code Mp}, all
     * receives outstanding.
     *
     * @return tensor indices in transfer order
     */
    public static int[] tic(CompiledProfile p) {
        Deps d = Deps.of(p);
        double[] unit = new double[p.tensors];
        Arrays.fill(unit, 1.0);
        boolean[] outstanding = new boolean[p.tensors];
        Arrays.fill(outstanding, true);
        double[] mp = mp(d, p.tensors, unit, outstanding);
        Integer[] order = new Integer[p.tensors];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            int c = Double.compare(mp[a], mp[b]);
            return c != 0 ? c : Integer.compare(a, b);
        });
        return Arrays.stream(order).mapToInt(Integer::intValue).toArray();
    }

    /**
     * TAC: repeatedly recompute {@code M}, {@code P} and {@code Mp} over the outstanding receives and send
     * first the receive that beats every other under the rule: {@code op1} before {@code op2} when
     * {@code min(P(op2), M(op1)) < min(P(op1), M(op2))}; on equality the smaller {@code Mp} first.
     *
     * @param commS communication time of each tensor, seconds
     * @param opS   compute time of each op, seconds
     * @return tensor indices in transfer order
     */
    public static int[] tac(CompiledProfile p, double[] commS, double[] opS) {
        Deps d = Deps.of(p);
        int n = p.tensors;
        boolean[] outstanding = new boolean[n];
        Arrays.fill(outstanding, true);
        int[] order = new int[n];
        double[] pr = new double[n];
        for (int k = 0; k < n; k++) {
            double[] mp = mp(d, n, commS, outstanding);
            Arrays.fill(pr, 0);
            for (int op = 0; op < d.ops; op++) {
                int only = -1;
                int outCount = 0;
                for (int j = d.start[op]; j < d.start[op + 1]; j++) {
                    int t = d.list[j];
                    if (outstanding[t]) {
                        outCount++;
                        only = t;
                    }
                }
                if (outCount == 1) {
                    pr[only] += opS[op];
                }
            }
            int best = -1;
            for (int t = 0; t < n; t++) {
                if (!outstanding[t]) {
                    continue;
                }
                if (best < 0 || before(t, best, commS, pr, mp)) {
                    best = t;
                }
            }
            order[k] = best;
            outstanding[best] = false;
        }
        return order;
    }

    private static boolean before(int op1, int op2, double[] m, double[] pr, double[] mp) {
        double a = Math.min(pr[op2], m[op1]);
        double b = Math.min(pr[op1], m[op2]);
        if (a != b) {
            return a < b;
        }
        return mp[op1] < mp[op2];
    }

    /** {@code Mp} of every receive given the outstanding set (infinity for the others). */
    static double[] mp(CompiledProfile p, double[] commS, boolean[] outstanding) {
        return mp(Deps.of(p), p.tensors, commS, outstanding);
    }

    private static double[] mp(Deps d, int tensors, double[] commS, boolean[] outstanding) {
        double[] mp = new double[tensors];
        Arrays.fill(mp, Double.POSITIVE_INFINITY);
        for (int op = 0; op < d.ops; op++) {
            int outCount = 0;
            double sum = 0;
            for (int j = d.start[op]; j < d.start[op + 1]; j++) {
                int t = d.list[j];
                if (outstanding[t]) {
                    outCount++;
                    sum += commS[t];
                }
            }
            if (outCount > 1) {
                for (int j = d.start[op]; j < d.start[op + 1]; j++) {
                    int t = d.list[j];
                    if (outstanding[t] && sum < mp[t]) {
                        mp[t] = sum;
                    }
                }
            }
        }
        return mp;
    }

    /** Each op's dependencies closed over its stream, as CSR arrays. */
    record Deps(int ops, int[] start, int[] list) {
        static Deps of(CompiledProfile p) {
            int words = (p.tensors + 63) >>> 6;
            int[][] per = new int[p.ops][];
            for (int s = 0; s < p.streams; s++) {
                long[] acc = new long[words];
                for (int k = p.streamStart[s]; k < p.streamStart[s + 1]; k++) {
                    int op = p.streamOps[k];
                    for (int j = p.reqStart[op]; j < p.reqStart[op + 1]; j++) {
                        int t = p.reqList[j];
                        acc[t >>> 6] |= 1L << (t & 63);
                    }
                    int count = 0;
                    for (long w : acc) {
                        count += Long.bitCount(w);
                    }
                    int[] deps = new int[count];
                    int i = 0;
                    for (int w = 0; w < words; w++) {
                        long bits = acc[w];
                        while (bits != 0) {
                            deps[i++] = (w << 6) + Long.numberOfTrailingZeros(bits);
                            bits &= bits - 1;
                        }
                    }
                    per[op] = deps;
                }
            }
            int[] start = new int[p.ops + 1];
            for (int op = 0; op < p.ops; op++) {
                start[op + 1] = start[op] + per[op].length;
            }
            int[] list = new int[start[p.ops]];
            for (int op = 0; op < p.ops; op++) {
                System.arraycopy(per[op], 0, list, start[op], per[op].length);
            }
            return new Deps(p.ops, start, list);
        }
    }
}
