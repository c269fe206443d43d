package io.stepcast.api.selection;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * What a selector predicted for one candidate batch size.
 *
 * @param batch    the candidate batch (in the selector's {@link BatchScope})
 * @param timeS    predicted latency in seconds (response time or step time)
 * @param accuracy predicted accuracy, when an accuracy predictor is used
 * @param feasible true when an SLO was given and the candidate is predicted to meet it: {@code timeS < slo}, or
 *                 for a risk-aware selector {@code upperS < slo}
 * @param upperS   upper end of the latency interval a risk-aware selector compared with the SLO, when it had one
 */
public record CandidateEstimate(int batch, double timeS, OptionalDouble accuracy, boolean feasible,
                                OptionalDouble upperS) {
    public CandidateEstimate {
        accuracy = Objects.requireNonNullElse(accuracy, OptionalDouble.empty());
        upperS = Objects.requireNonNullElse(upperS, OptionalDouble.empty());
    }

    /** An estimate without an interval (a point-prediction selector). */
    public CandidateEstimate(int batch, double timeS, OptionalDouble accuracy, boolean feasible) {
        this(batch, timeS, accuracy, feasible, OptionalDouble.empty());
    }

    /** The latency the feasibility was judged on: the upper end when there is one, else the point. */
    public double judgedTimeS() {
        return upperS.orElse(timeS);
    }
}
