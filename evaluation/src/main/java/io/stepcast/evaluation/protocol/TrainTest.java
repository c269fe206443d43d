package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.List;
import java.util.Set;

/**
 * A fixed hold-out given by an attribute: fit on the observations whose attribute equals the training
 * value, score on the rest (or, with a test value, on those that have it). {@code train-test} splits
 * {@code stepcast evaluate --train FILE --test FILE} by the {@code side} tag the command sets;
 * {@code holdout:split=placements} fits on the Pollux placements and predicts everything else. The training
 * value may list several values separated by commas: {@code holdout:workers=2,8} fits on the 2- and 8-worker
 * rows and predicts the rest.
 */
public final class TrainTest implements Protocol {
    private final String attribute;
    private final String trainValue;
    private final Set<String> trainValues;
    private final String testValue;

    /**
     * @param attribute  the attribute (see {@link Attributes})
     * @param trainValue its value on the training side
     * @param testValue  its value on the test side, or null for every other value
     */
    public TrainTest(String attribute, String trainValue, String testValue) {
        this.attribute = attribute;
        this.trainValue = trainValue;
        this.trainValues = Set.of(trainValue.split(","));
        this.testValue = testValue;
    }

    @Override
    public String name() {
        return testValue != null && attribute.equals("side") ? "train-test" : "holdout:" + attribute + "=" + trainValue;
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        List<Observation> train = data.stream()
                .filter(o -> trainValues.contains(Attributes.value(o, attribute).orElse(""))).toList();
        List<Observation> test = data.stream().filter(o -> {
            String v = Attributes.value(o, attribute).orElse(null);
            return testValue == null ? v == null || !trainValues.contains(v) : testValue.equals(v);
        }).toList();
        if (train.isEmpty() || test.isEmpty()) {
            return List.of();
        }
        String id = attribute + "=" + trainValue + "->" + (testValue == null ? "rest" : attribute + "=" + testValue);
        return List.of(new Split(id, TrainingSet.of(datasetId + "/" + name(), train), test));
    }
}
