package io.stepcast.api;

import java.util.List;
import java.util.Optional;

/**
 * A read-only catalog whose entries are found by a label a person or a file wrote (a name or an alias, matched
 * loosely), and which, for a label it does not know, names the closest ones it does ("did you mean"). The hardware
 * catalog and the model zoo are such catalogs; each says in its own words what an unknown label is.
 *
 * @param <T> the entries
 */
public interface LabelledCatalog<T> {

    /** The entry a label resolves to, or empty. */
    Optional<T> find(String label);

    /** Up to {@code limit} known names closest to {@code label}, best first. */
    List<String> closest(String label, int limit);

    /** The three known names closest to an unknown {@code label}, as a refusal quotes them: {@code (closest: a, b, c)}. */
    default String closestThree(String label) {
        return "(closest: " + String.join(", ", closest(label, 3)) + ")";
    }
}
