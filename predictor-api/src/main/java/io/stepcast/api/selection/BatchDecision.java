package io.stepcast.api.selection;

import java.util.List;
import java.util.OptionalDouble;

/**
 * The batch size a selector chose, with what it predicted for every candidate.
 *
 * @param batch          the chosen batch
 * @param slo            the latency SLO in seconds, when one was given
 * @param sloAttainable  false when an SLO was given and no candidate was predicted to meet it (the
 *                       fastest candidate is then returned); true otherwise
 * @param candidates     predictions of every candidate that could be predicted, in ascending batch order
 * @param skipped        candidates the predictors could not answer for, with the reason
 * @param rationale      one line that says why this batch
 */
public record BatchDecision(int batch, OptionalDouble slo, boolean sloAttainable, List<CandidateEstimate> candidates,
                            List<String> skipped, String rationale) {
    public BatchDecision {
        candidates = List.copyOf(candidates);
        skipped = List.copyOf(skipped);
    }

    /** The estimate of candidate {@code b}. */
    public CandidateEstimate candidate(int b) {
        return candidates.stream().filter(c -> c.batch() == b).findFirst()
                .orElseThrow(() -> new IllegalArgumentException("no estimate of batch " + b));
    }

    /** The estimate of the chosen batch. */
    public CandidateEstimate chosen() {
        return candidates.stream().filter(c -> c.batch() == batch).findFirst().orElseThrow();
    }
}
