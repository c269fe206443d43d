package io.stepcast.models.selection;

import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.CandidateEstimate;

import io.stepcast.api.Config;
import io.stepcast.api.Target;

import java.util.List;
import java.util.Optional;

/**
 * The steps {@link CourierSelector} and {@link RiskAwareSelector} take alike: which latency targets an SLO can
 * constrain, a candidate's configuration in its scope, and Courier's accuracy rule among the feasible ones. Kept
 * in one place so that the risk-aware rule stays Courier's rule with another feasibility test.
 */
final class Candidates {
    private Candidates() {
    }

    /** {@code timeTarget}, which must be a latency: response time or step time. */
    static Target latency(Target timeTarget) {
        if (timeTarget != Target.RESPONSE_TIME && timeTarget != Target.STEP_TIME) {
            throw new IllegalArgumentException("time target must be response-time or step-time, was " + timeTarget);
        }
        return timeTarget;
    }

    /**
     * The configuration with the candidate batch in {@code scope}, or empty with the reason added to
     * {@code skipped} when the configuration cannot take that batch (e.g. a global batch the workers do not
     * divide).
     */
    static Optional<Config> scoped(BatchScope scope, Config config, int batch, List<String> skipped) {
        try {
            return Optional.of(scope.apply(config, batch));
        } catch (IllegalArgumentException e) {
            skipped.add(batch + ": " + e.getMessage());
            return Optional.empty();
        }
    }

    /** The candidate with the highest predicted accuracy, ties to the smaller batch (the list is in batch order). */
    static CandidateEstimate mostAccurate(List<CandidateEstimate> feasible) {
        // max() keeps the first maximum only when we compare strictly, so walk explicitly.
        CandidateEstimate best = feasible.get(0);
        for (CandidateEstimate c : feasible) {
            if (c.accuracy().getAsDouble() > best.accuracy().getAsDouble()) {
                best = c;
            }
        }
        return best;
    }
}
