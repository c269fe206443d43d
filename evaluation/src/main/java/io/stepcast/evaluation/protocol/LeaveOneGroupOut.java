package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Leave-one-configuration-group-out: one fold per value of a grouping attribute (for example
 * {@code model}, {@code tenants} or a tag such as {@code placement}); the fold's test side is that group,
 * its training side every other group. Observations without the attribute are always training data.
 * Folds are in sorted group order.
 */
public class LeaveOneGroupOut implements Protocol {
    private final String attribute;

    /** @param attribute the grouping attribute (see {@link Attributes}) */
    public LeaveOneGroupOut(String attribute) {
        this.attribute = attribute;
    }

    @Override
    public String name() {
        return "logo:" + attribute;
    }

    /** The grouping attribute. */
    protected String attribute() {
        return attribute;
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        Attributes.requirePresent(name(), datasetId, data, List.of(attribute));
        Map<String, List<Observation>> groups = new TreeMap<>();
        for (Observation o : data) {
            Attributes.value(o, attribute).ifPresent(g -> groups.computeIfAbsent(g, x -> new ArrayList<>()).add(o));
        }
        if (groups.size() < 2) {
            return List.of();
        }
        List<Split> splits = new ArrayList<>();
        for (Map.Entry<String, List<Observation>> g : groups.entrySet()) {
            List<Observation> train = data.stream()
                    .filter(o -> !g.getKey().equals(Attributes.value(o, attribute).orElse(null)))
                    .toList();
            String id = name() + "/" + g.getKey();
            splits.add(new Split(id, TrainingSet.of(datasetId + "/" + id, train), g.getValue()));
        }
        return splits;
    }
}
