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
}
