package io.stepcast.evaluation.report;

import java.util.HashSet;
import java.util.Set;

/**
 * The titles of one report's charts, each unique: a title already given gets the first free suffix
 * {@code (2)}, {@code (3)}, ..., so that no two charts of a report share a heading.
 */
final class UniqueTitles {
    private final Set<String> given = new HashSet<>();

    /** {@code title}, or it with the first suffix not given yet. */
    String of(String title) {
        String t = title;
        for (int k = 2; !given.add(t); k++) {
            t = title + " (" + k + ")";
        }
        return t;
    }
}
