package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.Objects;
import java.util.function.ToDoubleFunction;

/**
 * A named numeric feature backed by a function of the configuration.
 *
 * @param name     declared name
 * @param function computes the value, {@code NaN} when unavailable
 */
public record NumericFeature(String name, ToDoubleFunction<Config> function) implements Feature {
    public NumericFeature {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
    }

    @Override
    public double value(Config config) {
        return function.applyAsDouble(config);
    }
}
