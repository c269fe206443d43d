package io.stepcast.evaluation.selection;

import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * How one decision turned out when judged by the measurements.
 *
 * @param selectionCase   the decision
 * @param chosen          the batch the selector chose, or empty when it could not decide
 * @param met             true when the chosen batch's measured latency met the SLO
 * @param oracle          the best SLO-feasible batch by the measurements, or empty when none was feasible
 * @param regret          relative shortfall of the chosen batch's measured objective against the oracle's,
 *                        {@code (obj(oracle) - obj(chosen)) / obj(oracle)}; present only when the chosen
 *                        batch met the SLO and an oracle exists
 * @param undecidedReason why no batch was chosen (every candidate refused by the predictor)
 * @param predictedLatency what the predictor predicted for each candidate it could answer, by batch
 */
public record SelectionOutcome(SelectionCase selectionCase, OptionalInt chosen, boolean met, OptionalInt oracle,
                               OptionalDouble regret, Optional<String> undecidedReason,
                               Map<Integer, Double> predictedLatency) {
    public SelectionOutcome {
        predictedLatency = Map.copyOf(predictedLatency);
    }

    /** True when a batch was chosen. */
    public boolean decided() {
        return chosen.isPresent();
    }

    /** True when a feasible batch existed but the chosen one violated the SLO. */
    public boolean feasibleMissed() {
        return decided() && !met && oracle.isPresent();
    }
}
