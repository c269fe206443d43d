package io.stepcast.api;

import java.util.Collection;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

/** Levenshtein distance (insert, delete, substitute, each costing one), for "closest known names". */
public final class EditDistance {
    /** How many closest names a suggestion offers. */
    private static final int SUGGESTED = 3;

    private EditDistance() {
    }

    /** The number of single-character edits that turn {@code a} into {@code b}. */
    public static int between(String a, String b) {
        int[] prev = new int[b.length() + 1];
        int[] cur = new int[b.length() + 1];
        for (int j = 0; j <= b.length(); j++) {
            prev[j] = j;
        }
        for (int i = 1; i <= a.length(); i++) {
            cur[0] = i;
            for (int j = 1; j <= b.length(); j++) {
                int sub = prev[j - 1] + (a.charAt(i - 1) == b.charAt(j - 1) ? 0 : 1);
                cur[j] = Math.min(sub, Math.min(prev[j] + 1, cur[j - 1] + 1));
            }
            int[] t = prev;
            prev = cur;
            cur = t;
        }
        return prev[b.length()];
    }

    /**
     * The known names closest to {@code name}, ignoring case: at most {@code limit}, nearest first (ties by name),
     * each within a third of the name's length in edits (at least two); farther names are no suggestion.
     */
    public static List<String> closest(String name, Collection<String> known, int limit) {
        String n = name.toLowerCase(Locale.ROOT);
        int near = Math.max(2, n.length() / 3);
        return known.stream()
                .filter(k -> between(n, k.toLowerCase(Locale.ROOT)) <= near)
                .sorted(Comparator.comparingInt((String k) -> between(n, k.toLowerCase(Locale.ROOT)))
                        .thenComparing(Comparator.naturalOrder()))
                .limit(limit).toList();
    }

    /**
     * {@code ": did you mean X or Y?"} with the closest known names ({@link #closest}, at most three), or the empty
     * string when none is close: the suffix of an "unknown name" message.
     */
    public static String suggestion(String name, Collection<String> known) {
        List<String> close = closest(name, known, SUGGESTED);
        return close.isEmpty() ? "" : ": did you mean " + String.join(" or ", close) + "?";
    }
}
