package io.stepcast.analytic.megatron;

import java.util.Comparator;
import java.util.Map;
import java.util.Optional;

/**
 * Why {@link LayoutPlanner} refused the candidate layouts the cost model cannot run ({@link
 * MegatronCostModel#unsupported}), each reason with how many layouts it refused. When no layout is left, the most
 * frequent reason is what the user needs: a system without NIC figures refuses every layout over several nodes, which
 * the divisibility rules alone do not explain. The same wording as {@code evaluate}'s refusals.
 *
 * @param counts layouts refused, by reason
 */
record Refusals(Map<String, Integer> counts) {
    Refusals {
        counts = Map.copyOf(counts);
    }

    /** Layouts refused in all. */
    int total() {
        return counts.values().stream().mapToInt(Integer::intValue).sum();
    }

    /**
     * {@code the most frequent reason (k of n layouts): reason}, ties to the reason first in alphabetical order (so the
     * message does not depend on the order the layouts were tried in); empty when nothing was refused.
     */
    Optional<String> mostFrequent() {
        int total = total();
        return counts.entrySet().stream()
                .max(Map.Entry.<String, Integer>comparingByValue()
                        .thenComparing(Map.Entry.comparingByKey(Comparator.reverseOrder())))
                .map(e -> "the most frequent reason (" + e.getValue() + " of " + total + " layouts): " + e.getKey());
    }
}
