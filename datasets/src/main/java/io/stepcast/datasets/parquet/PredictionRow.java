package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * One prediction of an evaluation, as a row of {@code predictions.parquet}: where it was made (dataset,
 * protocol, split, predictor, target), the configuration predicted, the measured value and what the
 * predictor answered.
 *
 * @param dataset     the suite's dataset name
 * @param protocol    protocol name
 * @param split       fold id
 * @param predictor   predictor label
 * @param target      target label ({@code step-time}, {@code throughput}, ...)
 * @param config      the predicted configuration
 * @param source      the observation's source
 * @param replication the observation's replication index
 * @param measured    the measured value, in the target's unit
 * @param predicted   the predicted value; empty when the predictor refused
 * @param refusal     why it refused; {@code null} when it answered
 */
public record PredictionRow(String dataset, String protocol, String split, String predictor, String target,
                            Config config, String source, int replication, double measured,
                            OptionalDouble predicted, String refusal) {
    public PredictionRow {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(predicted, "predicted");
    }

    /** Absolute percentage error, %; empty when refused. */
    public OptionalDouble ape() {
        return predicted.isPresent()
                ? OptionalDouble.of(100.0 * Math.abs(predicted.getAsDouble() - measured) / Math.abs(measured))
                : OptionalDouble.empty();
    }
}
