package io.stepcast.api.collective;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * Where the ranks of a collective run: the GPUs (ranks) used on each node, possibly uneven ({@code [4, 4, 2]}
 * is 10 ranks on 3 nodes). Pollux's placement strings ({@code 1234}) are of this shape.
 *
 * @param gpusPerNode ranks on each node, each at least 1
 */
public record Placement(List<Integer> gpusPerNode) {
    public Placement {
        gpusPerNode = List.copyOf(gpusPerNode);
        if (gpusPerNode.isEmpty()) {
            throw new IllegalArgumentException("a placement needs at least one node");
        }
        for (int g : gpusPerNode) {
            if (g < 1) {
                throw new IllegalArgumentException("every node of a placement holds at least one GPU, was " + gpusPerNode);
            }
        }
    }

    /**
     * Reads a placement as users and published tables write it: GPUs per node joined by {@code +}
     * ({@code 4+4+2}), or Pollux's digit string, one digit per node ({@code 1234}). A single number without
     * {@code +} longer than one digit is read as digits per node, so write {@code 16} on one node as {@code 16+}
     * or leave the placement out.
     *
     * @throws IllegalArgumentException naming the text when it is not of either form
     */
    public static Placement parse(String text) {
        String t = text == null ? "" : text.strip();
        if (!t.matches("[0-9]+(\\+[0-9]+)*\\+?")) {
            throw new IllegalArgumentException("placement '" + text + "' is not GPUs per node joined by '+' (4+4+2)"
                    + " nor one digit per node (1234)");
        }
        List<Integer> nodes = new ArrayList<>();
        if (t.contains("+")) {
            for (String part : t.split("\\+")) {
                nodes.add(Integer.parseInt(part));
            }
        } else {
            t.chars().forEach(c -> nodes.add(c - '0'));
        }
        return new Placement(nodes);
    }

    /** The placement as {@link #parse} reads it back, GPUs per node joined by {@code +}. */
    public String label() {
        StringBuilder b = new StringBuilder();
        for (int g : gpusPerNode) {
            b.append(b.length() == 0 ? "" : "+").append(g);
        }
        return gpusPerNode.size() == 1 ? b.append('+').toString() : b.toString();
    }

    /** Whether some node holds more GPUs than another. */
    public boolean uneven() {
        return gpusPerNode.stream().distinct().count() > 1;
    }

    /** {@code gpus} ranks on one node. */
    public static Placement singleNode(int gpus) {
        return new Placement(List.of(gpus));
    }

    /** {@code nodes} nodes of {@code gpusPerNode} ranks each. */
    public static Placement uniform(int nodes, int gpusPerNode) {
        if (nodes < 1) {
            throw new IllegalArgumentException("nodes must be at least 1, was " + nodes);
        }
        return new Placement(Collections.nCopies(nodes, gpusPerNode));
    }

    /**
     * {@code ranks} spread as evenly as possible over as few nodes of at most {@code gpusPerNode} as hold them
     * ({@code even(10, 8)}: {@code [5, 5]}).
     */
    public static Placement even(int ranks, int gpusPerNode) {
        if (gpusPerNode < 1) {
            throw new IllegalArgumentException("GPUs per node must be at least 1, was " + gpusPerNode);
        }
        return spread(ranks, (ranks + gpusPerNode - 1) / gpusPerNode);
    }

    /**
     * {@code ranks} spread as evenly as possible over {@code nodes} nodes, the first ones fuller, and over
     * {@code ranks} nodes when there are more nodes than ranks ({@code spread(7, 3)}: {@code [3, 2, 2]}).
     */
    public static Placement spread(int ranks, int nodes) {
        if (ranks < 1 || nodes < 1) {
            throw new IllegalArgumentException("ranks and nodes must be at least 1, were " + ranks + " and " + nodes);
        }
        int n = Math.min(nodes, ranks);
        Integer[] perNode = new Integer[n];
        for (int i = 0; i < n; i++) {
            perNode[i] = ranks / n + (i < ranks % n ? 1 : 0);
        }
        return new Placement(List.of(perNode));
    }

    /** All ranks. */
    public int ranks() {
        return gpusPerNode.stream().mapToInt(Integer::intValue).sum();
    }

    /** Nodes. */
    public int nodes() {
        return gpusPerNode.size();
    }

    /** The most ranks on one node: the intra-node phases of a hierarchical schedule wait for that node. */
    public int maxPerNode() {
        return gpusPerNode.stream().mapToInt(Integer::intValue).max().orElseThrow();
    }
}
