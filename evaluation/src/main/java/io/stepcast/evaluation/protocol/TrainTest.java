package io.stepcast.evaluation.protocol;

import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.List;

/**
 * A fixed train/test pair given by the user ({@code stepcast evaluate --train FILE --test FILE}): the
 * estimator sees the training file only and is scored on the test file. The data passed to
 * {@link #splits} is ignored.
 */
public final class TrainTest implements Protocol {
    private final List<Observation> train;
    private final List<Observation> test;

    /** @param train the training observations; @param test the scored observations */
    public TrainTest(List<Observation> train, List<Observation> test) {
        this.train = List.copyOf(train);
        this.test = List.copyOf(test);
    }

    @Override
    public String name() {
        return "train-test";
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        return List.of(new Split("train->test", TrainingSet.of(datasetId + "/train", train), test));
    }
}
