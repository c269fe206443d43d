package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;

import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * One prediction of an evaluation, as a row of {@code predictions.parquet}: where it was made (dataset,
 * protocol, split, predictor, target), the configuration predicted, its role in the split, the measured value
 * and what the predictor answered, with its intervals.
 *
 * @param dataset     the suite's dataset name
 * @param protocol    protocol name
 * @param split       fold id
 * @param predictor   predictor label
 * @param target      target label ({@code step-time}, {@code throughput}, ...)
 * @param config      the predicted configuration
 * @param source      the observation's source
 * @param replication the observation's replication index
 * @param role        {@link #TEST} (a held-out point, scored), {@link #TRAIN} (a point of the split's training
 *                    side, predicted for the scaling charts only) or {@link #BETWEEN} (a configuration between
 *                    measured ones, never measured, predicted for the charts only)
 * @param measured    the measured value, in the target's unit; NaN for a {@link #BETWEEN} row
 * @param predicted   the predicted value; empty when the predictor refused
 * @param refusal     why it refused; {@code null} when it answered
 * @param interval    the prediction's interval, when it has one
 * @param nativeInterval the wrapped base predictor's own interval, when it has one
 * @param peakMemoryBytes the peak device memory per GPU the predictor estimates the configuration needs, bytes, when
 *                    it estimates memory (an LLM layout's predictor); empty otherwise, never zero for unknown
 * @param extrapolation why the answer is an extrapolation, when the predictor flagged it (a learned model past the
 *                    range it was trained on); empty otherwise
 */
public record PredictionRow(String dataset, String protocol, String split, String predictor, String target,
                            Config config, String source, int replication, String role, double measured,
                            OptionalDouble predicted, String refusal, Optional<Interval> interval,
                            Optional<Interval> nativeInterval, OptionalDouble peakMemoryBytes,
                            Optional<String> extrapolation) {
    /** A held-out point, scored. */
    public static final String TEST = "test";
    /** A point of the training side, predicted by the split's fit for the charts. */
    public static final String TRAIN = "train";
    /** An unmeasured configuration between measured ones, predicted for the charts. */
    public static final String BETWEEN = "between";

    public PredictionRow {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(predicted, "predicted");
        role = role == null ? TEST : role;
        if (!role.equals(TEST) && !role.equals(TRAIN) && !role.equals(BETWEEN)) {
            throw new IllegalArgumentException("role must be test, train or between, was " + role);
        }
        interval = interval == null ? Optional.empty() : interval;
        nativeInterval = nativeInterval == null ? Optional.empty() : nativeInterval;
        peakMemoryBytes = peakMemoryBytes == null ? OptionalDouble.empty() : peakMemoryBytes;
        extrapolation = extrapolation == null ? Optional.empty() : extrapolation;
    }

    /** A row not flagged as an extrapolation. */
    public PredictionRow(String dataset, String protocol, String split, String predictor, String target,
                         Config config, String source, int replication, String role, double measured,
                         OptionalDouble predicted, String refusal, Optional<Interval> interval,
                         Optional<Interval> nativeInterval, OptionalDouble peakMemoryBytes) {
        this(dataset, protocol, split, predictor, target, config, source, replication, role, measured, predicted,
                refusal, interval, nativeInterval, peakMemoryBytes, Optional.empty());
    }

    /** A row without a memory estimate. */
    public PredictionRow(String dataset, String protocol, String split, String predictor, String target,
                         Config config, String source, int replication, String role, double measured,
                         OptionalDouble predicted, String refusal, Optional<Interval> interval,
                         Optional<Interval> nativeInterval) {
        this(dataset, protocol, split, predictor, target, config, source, replication, role, measured, predicted,
                refusal, interval, nativeInterval, OptionalDouble.empty());
    }

    /** A held-out point without intervals. */
    public PredictionRow(String dataset, String protocol, String split, String predictor, String target,
                         Config config, String source, int replication, double measured, OptionalDouble predicted,
                         String refusal) {
        this(dataset, protocol, split, predictor, target, config, source, replication, TEST, measured, predicted,
                refusal, Optional.empty(), Optional.empty());
    }

    /** Absolute percentage error, %; empty when refused or not measured. */
    public OptionalDouble ape() {
        return predicted.isPresent() && Double.isFinite(measured)
                ? OptionalDouble.of(100.0 * Math.abs(predicted.getAsDouble() - measured) / Math.abs(measured))
                : OptionalDouble.empty();
    }

    /**
     * A prediction interval.
     *
     * @param lower lower bound
     * @param upper upper bound
     * @param level the coverage it states; empty when it states none (a spread over seeds)
     * @param point the prediction the interval belongs to, when it is not the row's {@code predicted} (a native
     *              interval's own point); empty for the row's own interval
     */
    public record Interval(double lower, double upper, OptionalDouble level, OptionalDouble point) {
        public Interval {
            Objects.requireNonNull(level, "level");
            Objects.requireNonNull(point, "point");
        }

        /** The row's own interval. */
        public Interval(double lower, double upper, OptionalDouble level) {
            this(lower, upper, level, OptionalDouble.empty());
        }
    }
}
