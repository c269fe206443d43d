package io.stepcast.api.selection;

import io.stepcast.api.Config;

import java.util.Comparator;
import java.util.List;
import java.util.Objects;

/**
 * What a selector maximises among the candidates predicted to meet the SLO when no accuracy predictor is
 * given: the largest batch (Courier's rule as {@code io.stepcast.models.selection.CourierSelector} reads it on throughput traces), or the
 * goodput of Pollux (Qiao et al., "Pollux: Co-adaptive Cluster Scheduling for Goodput-Optimized Deep
 * Learning", OSDI 2021, section 3.1: {@code GOODPUT = THROUGHPUT x EFFICIENCY}), which weighs a larger batch's
 * throughput by the statistical efficiency it loses. Ties go to the smaller batch.
 */
public interface BatchObjective {

    /** The best of {@code feasible} (non-empty, ascending batch) for the job {@code config}. */
    CandidateEstimate best(Config config, BatchScope scope, List<CandidateEstimate> feasible);

    /** A few words for the rationale: what was maximised. */
    String description();

    /** The largest feasible batch. */
    static BatchObjective largestBatch() {
        return new BatchObjective() {
            @Override
            public CandidateEstimate best(Config config, BatchScope scope, List<CandidateEstimate> feasible) {
                return feasible.get(feasible.size() - 1);
            }

            @Override
            public String description() {
                return "largest batch";
            }
        };
    }

    /**
     * Pollux's goodput: predicted samples per second of the whole job ({@code global batch / t_b}) times the
     * statistical efficiency of the global batch.
     */
    static BatchObjective goodput(StatisticalEfficiency efficiency) {
        Objects.requireNonNull(efficiency, "efficiency");
        return new BatchObjective() {
            @Override
            public CandidateEstimate best(Config config, BatchScope scope, List<CandidateEstimate> feasible) {
                Comparator<CandidateEstimate> byGoodput = Comparator.comparingDouble(c -> goodput(config, scope, c));
                CandidateEstimate best = feasible.get(0);
                for (CandidateEstimate c : feasible) {
                    if (byGoodput.compare(c, best) > 0) {
                        best = c;
                    }
                }
                return best;
            }

            private double goodput(Config config, BatchScope scope, CandidateEstimate c) {
                long global = scope.apply(config, c.batch()).globalBatch();
                return global / c.timeS() * efficiency.efficiency(config, global);
            }

            @Override
            public String description() {
                return "highest predicted goodput (throughput x statistical efficiency, Pollux OSDI'21)";
            }
        };
    }
}
