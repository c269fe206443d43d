package io.stepcast.api.selection;

import io.stepcast.api.Predictor;
import io.stepcast.api.Target;

import java.util.Objects;
import java.util.Optional;

/**
 * What a caller hands a {@link SelectorFactory}: the predictors a selector decides with and how candidates are
 * counted. The selector's tunable settings are {@link SelectorParameters}, apart from these.
 *
 * @param time      predicts the latency the SLO constrains (with intervals, for a selector that judges them)
 * @param latency   {@link Target#RESPONSE_TIME} or {@link Target#STEP_TIME}
 * @param accuracy  predicts {@link Target#ACCURACY}; empty to let {@code objective} decide among feasible candidates
 * @param scope     whether candidates are local or global batch sizes
 * @param objective what is maximised among the feasible candidates without an accuracy predictor
 */
public record SelectorInputs(Predictor time, Target latency, Optional<Predictor> accuracy, BatchScope scope,
                             BatchObjective objective) {
    public SelectorInputs {
        Objects.requireNonNull(time, "time");
        Objects.requireNonNull(latency, "latency");
        Objects.requireNonNull(accuracy, "accuracy");
        Objects.requireNonNull(scope, "scope");
        Objects.requireNonNull(objective, "objective");
    }

    /**
     * The inputs of a decision with one predictor: it is also the accuracy predictor when it answers
     * {@link Target#ACCURACY} (the Courier forests do), and the largest feasible batch wins otherwise.
     */
    public static SelectorInputs of(Predictor time, Target latency, BatchScope scope) {
        Optional<Predictor> accuracy = time.targets().contains(Target.ACCURACY) ? Optional.of(time) : Optional.empty();
        return new SelectorInputs(time, latency, accuracy, scope, BatchObjective.largestBatch());
    }
}
