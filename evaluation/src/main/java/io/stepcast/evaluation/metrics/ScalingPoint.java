package io.stepcast.evaluation.metrics;

import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;

import java.util.Objects;

/**
 * A prediction made for the scaling charts only, never scored: a configuration of a split's training side, or one
 * between measured configurations, predicted by the same fit that predicted the split's held-out points, so that a
 * chart draws each predictor's curve over the whole range of workers.
 *
 * @param dataset     dataset name of the suite
 * @param protocol    protocol name
 * @param split       fold id
 * @param predictor   predictor label
 * @param target      the target predicted
 * @param config      the configuration predicted
 * @param source      the observation's source (the neighbour's, for a configuration between measured ones)
 * @param replication the observation's replication index (0 between measured ones)
 * @param role        whether the configuration was a training point or lies between measured ones
 * @param measured    the measured value of a training point; NaN between measured ones
 * @param prediction  the predictor's answer
 */
public record ScalingPoint(String dataset, String protocol, String split, String predictor, Target target,
                           Config config, String source, int replication, Role role, double measured,
                           Prediction prediction) {
    public ScalingPoint {
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(role, "role");
        Objects.requireNonNull(prediction, "prediction");
    }

    /** Where a charted configuration comes from. */
    public enum Role {
        /** A measured point of the split's training side. */
        TRAIN("train"),
        /** An unmeasured configuration between measured ones. */
        BETWEEN("between");

        private final String label;

        Role(String label) {
            this.label = label;
        }

        /** The label written in {@code predictions.parquet}'s {@code role} column. */
        public String label() {
            return label;
        }
    }
}
