package io.stepcast.api.evaluation;

import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.Validate;

import java.util.List;
import java.util.Objects;

/**
 * One fold of a protocol: the training set an estimator is fitted on and the observations its predictor
 * is then scored on. A protocol guarantees that no test observation (and nothing derived from one, such
 * as a synthesised profile) is part of {@link #training()}.
 *
 * @param id       fold identity, e.g. {@code kfold:5/3} or {@code hardware=v100}
 * @param training what the estimator may learn from
 * @param test     held-out observations, scored against their measured values
 */
public record Split(String id, TrainingSet training, List<Observation> test) {
    public Split {
        Validate.text(id, "split id");
        Objects.requireNonNull(training, "training");
        test = List.copyOf(Objects.requireNonNull(test, "test"));
    }
}
