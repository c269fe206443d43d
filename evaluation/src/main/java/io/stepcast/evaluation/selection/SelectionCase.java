package io.stepcast.evaluation.selection;

import io.stepcast.api.Config;
import io.stepcast.api.Validate;
import io.stepcast.api.selection.BatchScope;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.OptionalDouble;
import java.util.TreeMap;

/**
 * One batch-size decision to score: a job, its candidate batch sizes, the latency SLO and what was
 * measured for every candidate.
 *
 * @param job               identity of the job (see {@link io.stepcast.evaluation.protocol.Attributes#job})
 * @param config            the job's configuration (its batch is ignored)
 * @param scope             whether candidates are local or global batch sizes
 * @param sloS              latency SLO, seconds; met when the measured latency is strictly below it
 * @param measuredLatency   measured latency of every candidate, by batch (the candidates are its keys)
 * @param measuredAccuracy  measured accuracy by batch, where known (needed for {@link Objective#ACCURACY})
 */
public record SelectionCase(String job, Config config, BatchScope scope, double sloS,
                            Map<Integer, Double> measuredLatency, Map<Integer, Double> measuredAccuracy) {
    public SelectionCase {
        Validate.text(job, "job");
        Objects.requireNonNull(config, "config");
        Objects.requireNonNull(scope, "scope");
        Validate.positive(sloS, "slo");
        measuredLatency = new TreeMap<>(measuredLatency);
        measuredAccuracy = new TreeMap<>(Objects.requireNonNullElse(measuredAccuracy, Map.of()));
        if (measuredLatency.isEmpty()) {
            throw new IllegalArgumentException("a selection case needs at least one measured candidate");
        }
        measuredLatency = Collections.unmodifiableMap(measuredLatency);
        measuredAccuracy = Collections.unmodifiableMap(measuredAccuracy);
    }

    /** Candidate batch sizes, ascending. */
    public List<Integer> candidates() {
        return List.copyOf(measuredLatency.keySet());
    }

    /** True when the measured latency of {@code batch} meets the SLO. */
    public boolean meets(int batch) {
        Double t = measuredLatency.get(batch);
        return t != null && t < sloS;
    }

    /** The measured objective of a candidate: accuracy, or batch per second of latency. */
    public OptionalDouble objective(int batch, Objective objective) {
        return objective(batch, objective, (c, b) -> 1.0);
    }

    /**
     * The measured objective of a candidate; for {@link Objective#GOODPUT} the global batch per second of latency
     * times {@code efficiency} of that global batch.
     */
    public OptionalDouble objective(int batch, Objective objective,
                                    io.stepcast.api.selection.StatisticalEfficiency efficiency) {
        Double t = measuredLatency.get(batch);
        if (t == null) {
            return OptionalDouble.empty();
        }
        if (objective == Objective.THROUGHPUT) {
            return OptionalDouble.of(batch / t);
        }
        if (objective == Objective.GOODPUT) {
            long global = scope.apply(config, batch).globalBatch();
            return OptionalDouble.of(global / t * efficiency.efficiency(config, global));
        }
        Double a = measuredAccuracy.get(batch);
        return a == null ? OptionalDouble.empty() : OptionalDouble.of(a);
    }
}
