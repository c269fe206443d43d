package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.Objects;
import java.util.Set;
import java.util.function.DoubleUnaryOperator;
import java.util.function.ToDoubleFunction;

/**
 * A named numeric feature backed by a function of the configuration.
 *
 * @param name       declared name
 * @param function   computes the value, {@code NaN} when unavailable
 * @param quantity   the user's quantity it is computed from, in words ({@link Feature#quantity()})
 * @param toQuantity a feature value back in that quantity ({@link Feature#inQuantity(double)})
 * @param basis      the stated quantities it is computed from ({@link Feature#basis()})
 */
public record NumericFeature(String name, ToDoubleFunction<Config> function, String quantity,
                             DoubleUnaryOperator toQuantity, Set<String> basis) implements Feature {
    public NumericFeature {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(function, "function");
        Objects.requireNonNull(quantity, "quantity");
        Objects.requireNonNull(toQuantity, "toQuantity");
        basis = Set.copyOf(basis);
    }

    /** A feature of a quantity a user states directly. */
    public NumericFeature(String name, ToDoubleFunction<Config> function, String quantity,
                          DoubleUnaryOperator toQuantity) {
        this(name, function, quantity, toQuantity, Set.of(quantity));
    }

    /** A feature that is its own quantity, named as declared. */
    public NumericFeature(String name, ToDoubleFunction<Config> function) {
        this(name, function, name, DoubleUnaryOperator.identity());
    }

    @Override
    public double value(Config config) {
        return function.applyAsDouble(config);
    }

    @Override
    public double inQuantity(double featureValue) {
        return toQuantity.applyAsDouble(featureValue);
    }
}
