package io.stepcast.api.zoo;

import io.stepcast.api.LabelledCatalog;

import java.util.List;
import java.util.Optional;

/**
 * The model zoo, read-only: models by name (case and punctuation insensitive, with the aliases of the real
 * data, and the parametric GPT names {@code gpt-l<layers>-h<hidden>-a<heads>-s<sequence>-v<vocabulary>}).
 * Bound by the datasets module; predictors obtain it from the plugin registry. Thread-safe.
 */
public interface ModelCatalog extends LabelledCatalog<ModelInfo> {

    /** Canonical names of the fixed models (the parametric GPT names are not listed). */
    List<String> names();

    /**
     * The model under any accepted name.
     *
     * @throws IllegalArgumentException naming the closest known models when the name is unknown
     */
    default ModelInfo get(String name) {
        return find(name).orElseThrow(() -> new IllegalArgumentException(notInTheZoo(name)));
    }

    /**
     * Why {@code name} is refused outright rather than looked up (a known model the zoo cannot describe), or empty:
     * the one line to show in place of the closest names, which would only mislead.
     */
    default Optional<String> refusal(String name) {
        return Optional.empty();
    }

    /** Why {@code name} names no model: the closest known names (and, in a zoo with parametric names, their form). */
    default String notInTheZoo(String name) {
        return "model '" + name + "' is not in the zoo " + closestThree(name);
    }
}
