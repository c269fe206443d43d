package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.List;
import java.util.OptionalDouble;

/**
 * Extrapolation in scale: fit on the observations whose numeric attribute is at most a threshold,
 * predict those above it ({@code extrapolation:nodes<=4} fits on the Pollux placements, up to 4 nodes,
 * and predicts the scalability runs on 6 to 16 nodes). Observations without the attribute are left out
 * of both sides.
 */
public final class Extrapolation implements Protocol {
    private final String attribute;
    private final double maxTrained;

    /**
     * @param attribute  numeric attribute, e.g. {@code nodes} or {@code workers}
     * @param maxTrained largest value on the training side
     */
    public Extrapolation(String attribute, double maxTrained) {
        this.attribute = attribute;
        this.maxTrained = maxTrained;
    }

    @Override
    public String name() {
        return "extrapolation:" + attribute + "<=" + format(maxTrained);
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        List<Observation> train = data.stream().filter(o -> side(o) == -1).toList();
        List<Observation> test = data.stream().filter(o -> side(o) == 1).toList();
        if (train.isEmpty() || test.isEmpty()) {
            return List.of();
        }
        String id = attribute + "<=" + format(maxTrained) + "->" + attribute + ">" + format(maxTrained);
        return List.of(new Split(id, TrainingSet.of(datasetId + "/" + name(), train), test));
    }

    /** -1 training side, +1 test side, 0 neither. */
    private int side(Observation o) {
        OptionalDouble v = Attributes.number(o, attribute);
        if (v.isEmpty()) {
            return 0;
        }
        return v.getAsDouble() <= maxTrained ? -1 : 1;
    }
}
