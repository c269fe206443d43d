package io.stepcast.ml.features;

import io.stepcast.api.Config;

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

    /** A value of this feature expressed in its {@link #quantity()} ({@code 1 / v} for {@code inv-workers}). */
    default double inQuantity(double featureValue) {
        return featureValue;
    }
}
