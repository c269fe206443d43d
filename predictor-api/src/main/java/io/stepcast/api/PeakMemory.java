package io.stepcast.api;

import java.util.OptionalDouble;

/**
 * Estimates the peak device memory per GPU a configuration needs (model state and stored activations), so that a
 * time is never reported for a job without what it needs to run. A fitted predictor implements it to report the
 * estimate beside each time: the Megatron predictors (a split-conformal wrapper passes its base's estimate on);
 * {@code stepcast predict --json}, an evaluation's {@code predictions.parquet}, {@code details.json} and report, and
 * {@code serve}'s predictions carry it. An {@link Estimator} implements it too when its estimate is a closed form of
 * the configuration that no fit changes (the Megatron estimators): a suite then scores the estimate against measured
 * peak memory without fitting anything, even where it has no time to fit on.
 */
public interface PeakMemory {
    /** Peak bytes per GPU of {@code config}, or empty when the predictor cannot say for it. */
    OptionalDouble peakMemoryBytes(Config config);
}
