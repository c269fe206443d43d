package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.Objects;
import java.util.function.Function;

/**
 * A categorical attribute of the configuration (model, hardware, architecture), one-hot encoded
 * over the levels seen in the training data. A level never seen in training makes the prediction
 * not applicable: a learned model knows nothing about it.
 *
 * @param name  family name, e.g. {@code model}; columns are named {@code model=<level>}
 * @param level the level of a configuration, normalised so that spellings compare equal
 */
public record CategoricalFeature(String name, Function<Config, String> level) {
    public CategoricalFeature {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(level, "level");
    }

    /** The level of {@code config}. */
    public String levelOf(Config config) {
        return level.apply(config);
    }
}
