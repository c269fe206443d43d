package io.stepcast.api.hardware;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The point-to-point NVLinks of a node: {@code links[i][j]} NVLinks between GPU i and GPU j (symmetric, zero
 * diagonal), as {@code nvidia-smi topo -m} and the vendor's system architecture documents show them.
 *
 * @param name   catalog name, e.g. {@code dgx-1-hybrid-cube-mesh}
 * @param links  the link counts, one row per GPU
 * @param source the public document the matrix comes from
 */
public record GpuLinkGraph(String name, int[][] links, String source) {
    public GpuLinkGraph {
        Entries.checkName(name, source);
        int n = links.length;
        int[][] copy = new int[n][];
        for (int i = 0; i < n; i++) {
            if (links[i].length != n) {
                throw new IllegalArgumentException(name + ": the link matrix is not square (row " + i + ")");
            }
            copy[i] = links[i].clone();
        }
        for (int i = 0; i < n; i++) {
            for (int j = 0; j < n; j++) {
                if (copy[i][j] < 0 || copy[i][j] != copy[j][i] || (i == j && copy[i][j] != 0)) {
                    throw new IllegalArgumentException(name + ": the link matrix must be symmetric, non-negative, "
                            + "with a zero diagonal (entry " + i + "," + j + ")");
                }
            }
        }
        links = copy;
    }

    /** GPUs of the node. */
    public int gpus() {
        return links.length;
    }

    /** NVLinks between GPU i and GPU j. */
    public int links(int i, int j) {
        return links[i][j];
    }

    /** The most NVLinks any one GPU of the node has: its links' count as the link's datasheet gives it. */
    public int linksPerGpu() {
        return Arrays.stream(links).mapToInt(row -> Arrays.stream(row).sum()).max().orElse(0);
    }

    /** The matrix rows, for display. */
    public List<List<Integer>> rows() {
        List<List<Integer>> out = new ArrayList<>();
        for (int[] row : links) {
            out.add(Arrays.stream(row).boxed().toList());
        }
        return out;
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof GpuLinkGraph g && g.name.equals(name) && Arrays.deepEquals(g.links, links)
                && g.source.equals(source);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.deepHashCode(links);
    }

    @Override
    public String toString() {
        return "GpuLinkGraph[" + name + ", " + rows() + "]";
    }
}
