package io.stepcast.models.collective;

import io.stepcast.api.hardware.GpuLinkGraph;

import java.util.ArrayList;
import java.util.List;

/**
 * How many NCCL ring channels fit on the NVLinks of the first {@code n} GPUs of a {@link GpuLinkGraph}: the
 * largest number of directed rings through all n GPUs such that no link direction carries more rings than
 * it has links (a ring of two GPUs uses both directions of a link, so it counts the links). NCCL's topology
 * search builds its rings this way on the hybrid cube-mesh, and the ring's bandwidth is the channel count
 * times one link's bandwidth (NCCL documentation, "NCCL_ALGO" and the topology search of
 * {@code src/graph/search.cc}, https://github.com/NVIDIA/nccl). When no ring of direct links exists, hops may
 * go through one intermediate GPU (NCCL's {@code PATH_NVB}), using a link direction on each leg.
 * The first n GPUs: the default device order of {@code CUDA_VISIBLE_DEVICES}. Exhaustive search with an
 * upper bound (a GPU's links to the others), fine for the 8 GPUs of a node.
 */
public final class RingPacking {
    private RingPacking() {
    }

    /** The ring channels over GPUs {@code 0..n-1}; 0 when no ring exists even through intermediate GPUs. */
    public static int channels(GpuLinkGraph graph, int n) {
        if (n < 2 || n > graph.gpus()) {
            throw new IllegalArgumentException("ranks must be between 2 and the graph's " + graph.gpus() + " GPUs, was " + n);
        }
        if (n == 2) {
            return graph.links(0, 1);
        }
        int direct = pack(graph, n, false);
        return direct > 0 ? direct : pack(graph, n, true);
    }

    private static int pack(GpuLinkGraph graph, int n, boolean viaIntermediate) {
        List<int[]> rings = new ArrayList<>();
        int[] order = new int[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        permute(order, 1, graph, viaIntermediate, rings);
        int[][] cap = new int[n][n];
        int bound = Integer.MAX_VALUE;
        for (int i = 0; i < n; i++) {
            int out = 0;
            for (int j = 0; j < n; j++) {
                cap[i][j] = graph.links(i, j);
                out += cap[i][j];
            }
            bound = Math.min(bound, out);
        }
        return search(rings, 0, cap, 0, bound);
    }

    /** Each candidate ring as the list of directed link uses {@code (from, to)}, flattened. */
    private static void permute(int[] order, int k, GpuLinkGraph g, boolean via, List<int[]> out) {
        int n = order.length;
        if (k == n) {
            expand(order, 0, new ArrayList<>(), g, via, out);
            return;
        }
        for (int i = k; i < n; i++) {
            swap(order, k, i);
            permute(order, k + 1, g, via, out);
            swap(order, k, i);
        }
    }

    private static void expand(int[] ring, int hop, List<Integer> uses, GpuLinkGraph g, boolean via, List<int[]> out) {
        int n = ring.length;
        if (hop == n) {
            out.add(uses.stream().mapToInt(Integer::intValue).toArray());
            return;
        }
        int a = ring[hop];
        int b = ring[(hop + 1) % n];
        if (g.links(a, b) > 0) {
            uses.add(a);
            uses.add(b);
            expand(ring, hop + 1, uses, g, via, out);
            uses.subList(uses.size() - 2, uses.size()).clear();
        } else if (via) {
            for (int m = 0; m < n; m++) {
                if (g.links(a, m) > 0 && g.links(m, b) > 0) {
                    uses.addAll(List.of(a, m, m, b));
                    expand(ring, hop + 1, uses, g, via, out);
                    uses.subList(uses.size() - 4, uses.size()).clear();
                }
            }
        }
    }

    private static int search(List<int[]> rings, int start, int[][] cap, int count, int bound) {
        int best = count;
        for (int r = start; r < rings.size() && best < bound; r++) {
            int[] uses = rings.get(r);
            if (fits(uses, cap)) {
                apply(uses, cap, -1);
                best = Math.max(best, search(rings, r, cap, count + 1, bound));
                apply(uses, cap, +1);
            }
        }
        return best;
    }

    private static boolean fits(int[] uses, int[][] cap) {
        apply(uses, cap, -1);
        boolean ok = true;
        for (int i = 0; i < uses.length; i += 2) {
            ok &= cap[uses[i]][uses[i + 1]] >= 0;
        }
        apply(uses, cap, +1);
        return ok;
    }

    private static void apply(int[] uses, int[][] cap, int sign) {
        for (int i = 0; i < uses.length; i += 2) {
            cap[uses[i]][uses[i + 1]] += sign;
        }
    }

    private static void swap(int[] a, int i, int j) {
        int t = a[i];
        a[i] = a[j];
        a[j] = t;
    }
}
