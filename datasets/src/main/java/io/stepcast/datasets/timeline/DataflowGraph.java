package io.stepcast.datasets.timeline;

import io.stepcast.datasets.trace.OpCategory;

import java.util.ArrayDeque;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * The dataflow graph of a timeline as far as its events have shown it (node to inputs, type, category), and the
 * parameter tensors each node transitively depends on. Requirements are memoised until a node's inputs or read
 * tensor change, and equal requirement lists are one shared instance, so a repeating training graph resolves
 * each node once and the op-trace writer stores each list once. Not thread-safe: one per file.
 */
final class DataflowGraph {
    /**
     * A node as last seen: its inputs (node names), type, category and, for a receive, the variable it reads. A
     * node seen again with the same inputs and type reuses all of it, so a repeating training graph is classified
     * once, not once per step.
     */
    record Node(String[] inputs, String type, OpCategory category, String readTensor) {
    }

    private final Map<String, Node> nodes = new HashMap<>();
    private final Map<String, List<String>> requiresMemo = new HashMap<>();
    private final Map<List<String>, List<String>> interned = new HashMap<>();
    /** A receive's requirement (its own variable), one list per variable, so writers can recognise it by identity. */
    private final Map<String, List<String>> readRequirements = new HashMap<>();

    /** The node of that name as last seen, or null. */
    Node node(String name) {
        return nodes.get(name);
    }

    boolean contains(String name) {
        return nodes.containsKey(name);
    }

    /** Distinct nodes remembered. */
    int size() {
        return nodes.size();
    }

    /** Remembers a node as now seen; requirements resolved so far are dropped if its dependencies changed. */
    void put(String name, Node node) {
        Node previous = nodes.put(name, node);
        if (previous == null || !Arrays.equals(previous.inputs, node.inputs)
                || !Objects.equals(previous.readTensor, node.readTensor)) {
            requiresMemo.clear();
        }
    }

    /** Forgets every node and requirement. */
    void clear() {
        nodes.clear();
        requiresMemo.clear();
        interned.clear();
        readRequirements.clear();
    }

    /** Parameter tensors a node transitively depends on (iterative, so deep graphs cannot overflow the stack). */
    List<String> requires(String root) {
        List<String> known = requiresMemo.get(root);
        if (known != null) {
            return known;
        }
        Deque<String> stack = new ArrayDeque<>();
        Set<String> visiting = new HashSet<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            String n = stack.peek();
            if (requiresMemo.containsKey(n)) {
                stack.pop();
                continue;
            }
            Node node = nodes.get(n);
            if (node == null) {
                requiresMemo.put(n, List.of());
                stack.pop();
                continue;
            }
            if (node.readTensor != null) {
                requiresMemo.put(n, readRequirement(node.readTensor));
                stack.pop();
                continue;
            }
            if (visiting.add(n)) {
                for (String in : node.inputs) {
                    if (!in.isEmpty() && !requiresMemo.containsKey(in) && !visiting.contains(in)) {
                        stack.push(in);
                    }
                }
            } else {
                stack.pop();
                visiting.remove(n);
                TreeSet<String> union = new TreeSet<>();
                for (String in : node.inputs) {
                    List<String> r = requiresMemo.get(in);
                    if (r != null) {
                        union.addAll(r);
                    }
                }
                requiresMemo.put(n, intern(List.copyOf(union)));
            }
        }
        return requiresMemo.get(root);
    }

    /** The requirement of a read of {@code tensor}: that tensor alone. */
    List<String> readRequirement(String tensor) {
        return readRequirements.computeIfAbsent(tensor, t -> intern(List.of(t)));
    }

    private List<String> intern(List<String> list) {
        return interned.computeIfAbsent(list, k -> k);
    }
}
