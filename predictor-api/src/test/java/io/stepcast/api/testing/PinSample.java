package io.stepcast.api.testing;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.regex.Pattern;

/**
 * The deterministic part of a pin test's computed cases that its resource pins ({@link PinnedLines}): a test
 * enumerates every case of a grid, most of which only repeat a kind of case another one already shows, and pins a
 * sample that still holds every kind. The rule, in two steps over the cases in the order the test computed them:
 * <ol>
 *   <li>one case per combination of the categorical columns ({@link Case#combination()}): the combinations are
 *       taken in order of first appearance and the {@code g}-th keeps its case at position {@code g} modulo its
 *       number of cases, so that neighbouring combinations (often one system under other stated bandwidths) keep
 *       different placements or sizes, and over enough combinations every position is kept;</li>
 *   <li>then every case showing a kind that no kept case shows yet ({@link Case#kinds()}: say a refusal's wording
 *       for that system, or a placement's shape for that caller).</li>
 * </ol>
 * The sample keeps the computed order. Changing the rule changes which cases are pinned, not their numbers:
 * rewrite the resource with {@code -Dstepcast.pins.write=FILE}.
 */
public final class PinSample {
    private static final Pattern NUMBER = Pattern.compile("-?\\d+(\\.\\d+)?(E-?\\d+)?");

    private PinSample() {
    }

    /**
     * What one computed case is a case of.
     *
     * @param combination the values of its categorical columns: at least one case of each is kept
     * @param kinds       further kinds at least one kept case must show each of
     */
    public record Case(String combination, List<String> kinds) {
        public Case {
            Objects.requireNonNull(combination, "combination");
            kinds = List.copyOf(kinds);
        }
    }

    /** The cases of {@code all} that are pinned, in their order. */
    public static <T> List<T> of(List<T> all, Function<T, Case> caseOf) {
        List<Case> cases = all.stream().map(caseOf).toList();
        Map<String, List<Integer>> byCombination = new LinkedHashMap<>();
        for (int i = 0; i < all.size(); i++) {
            byCombination.computeIfAbsent(cases.get(i).combination(), k -> new ArrayList<>()).add(i);
        }
        Set<Integer> kept = new TreeSet<>();
        int g = 0;
        for (List<Integer> positions : byCombination.values()) {
            kept.add(positions.get(g % positions.size()));
            g++;
        }
        Set<String> shown = new HashSet<>();
        kept.forEach(i -> shown.addAll(cases.get(i).kinds()));
        for (int i = 0; i < all.size(); i++) {
            if (!shown.containsAll(cases.get(i).kinds())) {
                kept.add(i);
                shown.addAll(cases.get(i).kinds());
            }
        }
        return kept.stream().map(all::get).toList();
    }

    /**
     * The kind of answer the values give, whatever their figures: each number masked as {@code N}, so that numbers,
     * a refusal with its wording, an error and an empty answer are told apart.
     */
    public static String outcome(List<String> values) {
        return String.join("|", values.stream().map(v -> NUMBER.matcher(v).replaceAll("N")).toList());
    }

    /** The shape of a placement of {@code workers} GPUs on {@code nodes} nodes. */
    public static String placement(int workers, int nodes) {
        if (workers == 1) {
            return "one rank";
        }
        if (nodes == 1) {
            return "one node";
        }
        if (workers == nodes) {
            return "one GPU per node";
        }
        return workers % nodes == 0 ? "even nodes" : "uneven nodes";
    }

    /** The shape of a placement written as its GPUs per node, e.g. {@code [5, 5]} or {@code [4, 3, 3]}. */
    public static String placement(String gpusPerNode) {
        List<Integer> counts = new ArrayList<>();
        NUMBER.matcher(gpusPerNode).results().forEach(m -> counts.add(Integer.parseInt(m.group())));
        if (counts.isEmpty()) {
            return "no placement";
        }
        int workers = counts.stream().mapToInt(Integer::intValue).sum();
        boolean even = counts.stream().distinct().count() == 1;
        if (counts.size() > 1 && !even) {
            return "uneven nodes";
        }
        return placement(workers, counts.size());
    }
}
