package io.stepcast.api;

import java.util.OptionalDouble;

/**
 * A fitted predictor that also estimates the peak device memory per GPU a configuration needs (model state and
 * stored activations), so that a time is never reported for a job without what it needs to run: the Megatron
 * predictors implement it (a split-conformal wrapper passes its base's estimate on); {@code stepcast predict --json},
 * an evaluation's {@code predictions.parquet}, {@code details.json} and report, and {@code serve}'s predictions carry
 * it beside each time.
 */
public interface PeakMemory {
    /** Peak bytes per GPU of {@code config}, or empty when the predictor cannot say for it. */
    OptionalDouble peakMemoryBytes(Config config);
}
