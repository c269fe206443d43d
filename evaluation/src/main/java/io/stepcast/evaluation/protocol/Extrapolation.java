package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.stream.Collectors;

/**
 * Extrapolation in scale: fit on the observations whose numeric attribute is at most a threshold,
 * predict those above it ({@code extrapolation:nodes<=4} fits on the Pollux placements, up to 4 nodes,
 * and predicts the scalability runs on 6 to 16 nodes). Observations without the attribute are left out
 * of both sides.
 *
 * <p>{@code extrapolation:ATTRIBUTE<=VALUE:SAME[,SAME...]} extrapolates within each setup, the rows that agree on
 * every named attribute (a configuration field or a tag, {@link Attributes}), as {@code profile-only:SAME} does: one
 * split per setup, in the order the setups first appear. A table that measured every job in mixed precision and in
 * FP32 ({@code extrapolation:nodes<=1:precision}) then has each multi-node row predicted from the one-node rows of
 * its own precision, which the configuration alone does not tell apart. A setup with rows above the threshold and
 * none at or below it keeps its split with an empty training side, so every predictor refuses those rows with the
 * setup named.
 */
public final class Extrapolation implements Protocol {
    private final String attribute;
    private final double maxTrained;
    private final List<String> sameSetup;

    /**
     * @param attribute  numeric attribute, e.g. {@code nodes} or {@code workers}
     * @param maxTrained largest value on the training side
     */
    public Extrapolation(String attribute, double maxTrained) {
        this(attribute, maxTrained, List.of());
    }

    /**
     * @param attribute  numeric attribute, e.g. {@code nodes} or {@code workers}
     * @param maxTrained largest value on the training side
     * @param sameSetup  attributes a training row must share with the rows it predicts (none: every row)
     */
    public Extrapolation(String attribute, double maxTrained, List<String> sameSetup) {
        this.attribute = attribute;
        this.maxTrained = maxTrained;
        this.sameSetup = List.copyOf(sameSetup);
        if (this.sameSetup.stream().anyMatch(String::isBlank)) {
            throw new IllegalArgumentException("protocol '" + name() + "': an attribute name is empty");
        }
    }

    @Override
    public String name() {
        String base = "extrapolation:" + attribute + "<=" + format(maxTrained);
        return sameSetup.isEmpty() ? base : base + ":" + String.join(",", sameSetup);
    }

    private static String format(double v) {
        return v == Math.rint(v) ? Long.toString((long) v) : Double.toString(v);
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        String id = attribute + "<=" + format(maxTrained) + "->" + attribute + ">" + format(maxTrained);
        if (sameSetup.isEmpty()) {
            List<Observation> train = data.stream().filter(o -> side(o) == -1).toList();
            List<Observation> test = data.stream().filter(o -> side(o) == 1).toList();
            if (train.isEmpty() || test.isEmpty()) {
                return List.of();
            }
            return List.of(new Split(id, TrainingSet.of(datasetId + "/" + name(), train), test));
        }
        Attributes.requirePresent(name(), datasetId, data, sameSetup);
        Map<String, List<Observation>> setups = new LinkedHashMap<>();
        for (Observation o : data) {
            if (side(o) != 0) {
                setups.computeIfAbsent(setup(o), k -> new ArrayList<>()).add(o);
            }
        }
        List<Split> splits = new ArrayList<>();
        for (Map.Entry<String, List<Observation>> s : setups.entrySet()) {
            List<Observation> train = s.getValue().stream().filter(o -> side(o) == -1).toList();
            List<Observation> test = s.getValue().stream().filter(o -> side(o) == 1).toList();
            if (!test.isEmpty()) {
                splits.add(new Split(id + " [" + s.getKey() + "]",
                        TrainingSet.of(datasetId + "/" + name() + "/" + s.getKey(), train), test));
            }
        }
        return splits;
    }

    private String setup(Observation o) {
        return sameSetup.stream().map(a -> a + "=" + Attributes.value(o, a).orElse("-"))
                .collect(Collectors.joining(", "));
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
