package io.stepcast.evaluation.metrics;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;

import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One held-out observation scored by one predictor: the measured value of the target and what the
 * predictor answered (a value or a refusal with its reason), and, when the predictor wraps a base predictor
 * (split conformal), the base's own answer where it carries an interval (its native interval).
 *
 * @param dataset     dataset name of the suite
 * @param protocol    protocol name
 * @param split       fold id
 * @param predictor   predictor label (estimator name, or the suite's label for a tuned variant)
 * @param target      scored target
 * @param observation the held-out observation
 * @param measured    its measured value of {@code target}
 * @param prediction  the predictor's answer
 * @param nativeInterval the base predictor's own answer, when the predictor wraps one and that answer has an
 *                    interval (a quantile forest's, the simulation's range over its seeds); empty otherwise
 * @param peakMemoryBytes the peak device memory per GPU the predictor estimates for the configuration, bytes, when it
 *                    estimates memory ({@link io.stepcast.api.PeakMemory}) and answered; empty otherwise
 * @param extrapolation why the answer is an extrapolation, when the predictor flags it so
 *                    ({@link io.stepcast.api.Predictor#extrapolation}: a learned model past its training range);
 *                    empty for a point inside the predictor's domain and for a refusal
 */
public record ScoredPoint(String dataset, String protocol, String split, String predictor, Target target,
                          Observation observation, double measured, Prediction prediction,
                          Optional<Prediction.Value> nativeInterval, OptionalDouble peakMemoryBytes,
                          Optional<String> extrapolation) {
    public ScoredPoint {
        peakMemoryBytes = peakMemoryBytes == null ? OptionalDouble.empty() : peakMemoryBytes;
        extrapolation = extrapolation == null || !prediction.isValue() ? Optional.empty() : extrapolation;
        nativeInterval = nativeInterval == null ? Optional.empty() : nativeInterval;
        if (nativeInterval.isPresent() && nativeInterval.get().lower().isEmpty()) {
            throw new IllegalArgumentException("a native interval needs an interval");
        }
    }

    /** A point not flagged as an extrapolation. */
    public ScoredPoint(String dataset, String protocol, String split, String predictor, Target target,
                       Observation observation, double measured, Prediction prediction,
                       Optional<Prediction.Value> nativeInterval, OptionalDouble peakMemoryBytes) {
        this(dataset, protocol, split, predictor, target, observation, measured, prediction, nativeInterval,
                peakMemoryBytes, Optional.empty());
    }

    /** A point without a memory estimate. */
    public ScoredPoint(String dataset, String protocol, String split, String predictor, Target target,
                       Observation observation, double measured, Prediction prediction,
                       Optional<Prediction.Value> nativeInterval) {
        this(dataset, protocol, split, predictor, target, observation, measured, prediction, nativeInterval,
                OptionalDouble.empty());
    }

    /** A point without a native interval. */
    public ScoredPoint(String dataset, String protocol, String split, String predictor, Target target,
                       Observation observation, double measured, Prediction prediction) {
        this(dataset, protocol, split, predictor, target, observation, measured, prediction, Optional.empty());
    }

    /** The same point with a peak-memory estimate of {@code bytes}. */
    public ScoredPoint withPeakMemory(double bytes) {
        return new ScoredPoint(dataset, protocol, split, predictor, target, observation, measured, prediction,
                nativeInterval, OptionalDouble.of(bytes), extrapolation);
    }

    /** The predicted value, or empty when the predictor refused. */
    public OptionalDouble predicted() {
        return prediction.asDouble();
    }

    /** The configuration of the observation. */
    public io.stepcast.api.Config config() {
        return observation.config();
    }

    /** The model of the observation. */
    public String model() {
        return observation.config().model();
    }

    /** Absolute percentage error, %, or NaN when not applicable. */
    public double ape() {
        return prediction.asDouble().isPresent()
                ? 100.0 * Math.abs(prediction.asDouble().getAsDouble() - measured) / Math.abs(measured)
                : Double.NaN;
    }
}
