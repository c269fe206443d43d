package io.stepcast.api.selection;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What a selector predicted for one candidate batch size.
 *
 * @param batch    the candidate batch (in the selector's {@link BatchScope})
 * @param timeS    predicted latency in seconds (response time or step time)
 * @param accuracy predicted accuracy, when an accuracy predictor is used
 * @param feasible true when an SLO was given and {@code timeS < slo}
 */
public record CandidateEstimate(int batch, double timeS, OptionalDouble accuracy, boolean feasible) {
    public CandidateEstimate {
        accuracy = Objects.requireNonNullElse(accuracy, OptionalDouble.empty());
    }
}
