package io.stepcast.ml.features;

import io.stepcast.api.Config;

import java.util.Set;

/**
 * One numeric input of a learned model, computed from a {@link Config}. A feature that the
 * configuration cannot provide (for example parameter bytes over bandwidth when the bandwidth is
 * unknown) yields {@link Double#NaN}; the predictor then refuses rather than guess.
 */
public interface Feature {

    /** Name as declared in an estimator's {@code features} hyper-parameter, e.g. {@code log2-local-batch}. */
    String name();

    /** The value for {@code config}, or {@code NaN} when the configuration lacks what it needs. */
    double value(Config config);

    /**
     * The quantity a user states that this feature is computed from, in the user's words ({@code workers} for
     * {@code inv-workers}, {@code local batch} for {@code log2-local-batch}): how an extrapolation is named.
     */
    default String quantity() {
        return name();
    }

    /**
     * The quantities a user states that this feature is computed from: its own {@link #quantity()} for one a user
     * states directly, the parts of a product ({@code local batch} and {@code workers} for the global batch). A point
     * outside the range of a product of parts already named outside theirs is not named again.
     */
    default Set<String> basis() {
        return Set.of(quantity());
    }

    /** A value of this feature expressed in its {@link #quantity()} ({@code 1 / v} for {@code inv-workers}). */
    default double inQuantity(double featureValue) {
        return featureValue;
    }
}
