package io.stepcast.evaluation.protocol;

import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.TreeSet;

/**
 * Cross-hardware transfer: fit on the other hardware types, predict one (for Gavel: fit on two GPU types,
 * predict the third). Without a named target type every hardware type is held out in turn; with one
 * ({@code cross-hardware:v100}) only that type is.
 */
public final class CrossHardware implements Protocol {
    private final Optional<String> heldOut;

    /** @param heldOut the hardware label to predict, or empty for every type in turn */
    public CrossHardware(Optional<String> heldOut) {
        this.heldOut = heldOut;
    }

    @Override
    public String name() {
        return "cross-hardware" + heldOut.map(h -> ":" + h).orElse("");
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        TreeSet<String> types = new TreeSet<>();
        data.forEach(o -> types.add(o.config().deployment().hardware()));
        if (types.size() < 2) {
            return List.of();
        }
        List<Split> splits = new ArrayList<>();
        for (String target : heldOut.map(List::of).orElse(List.copyOf(types))) {
            List<Observation> test = data.stream().filter(o -> o.config().deployment().hardware().equals(target)).toList();
            List<Observation> train = data.stream().filter(o -> !o.config().deployment().hardware().equals(target)).toList();
            if (test.isEmpty() || train.isEmpty()) {
                continue;
            }
            TreeSet<String> seen = new TreeSet<>(types);
            seen.remove(target);
            String id = String.join("+", seen) + "->" + target;
            splits.add(new Split(id, TrainingSet.of(datasetId + "/" + name() + "/" + id, train), test));
        }
        return splits;
    }
}
