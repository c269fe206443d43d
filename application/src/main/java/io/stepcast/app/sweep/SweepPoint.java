package io.stepcast.app.sweep;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;

import java.util.Objects;
import java.util.Optional;

/**
 * One point of a sweep: its configuration and the policy its predictor is fitted with, and in a sweep with layout axes
 * the layout asked for and, when it cannot run, why.
 *
 * @param config      the configuration predicted; for a point refused before prediction ({@code refused}), a
 *                    data-parallel stand-in that carries its model, GPUs, nodes and hardware for the output's columns
 * @param gpusPerNode GPUs per node of the point
 * @param policy      the predictor's {@code policy}, when the sweep varies it
 * @param layout      the layout axes' values at this point; empty in a sweep without them
 * @param refused     why the point's layout does not make a job (one line naming the option), so no predictor is asked
 */
public record SweepPoint(Config config, int gpusPerNode, Optional<String> policy, Optional<SweepLayoutPoint> layout,
                         Optional<String> refused) {
    public SweepPoint {
        Objects.requireNonNull(config, "config");
        layout = Objects.requireNonNullElse(layout, Optional.empty());
        refused = Objects.requireNonNullElse(refused, Optional.empty());
    }

    /** A point of a sweep without layout axes. */
    public SweepPoint(Config config, int gpusPerNode, Optional<String> policy) {
        this(config, gpusPerNode, policy, Optional.empty(), Optional.empty());
    }

    /**
     * The GPUs of the point: its data-parallel workers times the GPUs of each, {@link ParallelLayout#gpus()} for a
     * model-parallel job; the sweep's {@code workers} (or {@code nodes x gpus_per_node}) in either case.
     */
    public int gpus() {
        return config.parallel().map(ParallelLayout::gpus).orElse(config.workers());
    }
}
