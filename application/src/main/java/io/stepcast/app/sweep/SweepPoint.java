package io.stepcast.app.sweep;

import io.stepcast.api.Config;

import java.util.Optional;

/**
 * One point of a sweep: its configuration and the policy its predictor is fitted with.
 *
 * @param config      the configuration predicted
 * @param gpusPerNode GPUs per node of the point
 * @param policy      the predictor's {@code policy}, when the sweep varies it
 */
public record SweepPoint(Config config, int gpusPerNode, Optional<String> policy) {
}
