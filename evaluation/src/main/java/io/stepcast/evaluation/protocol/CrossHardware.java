package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
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
 *
 * <p>With {@code +single-worker} (our addition, the realistic case of a new GPU type: one quick
 * single-GPU run exists, nothing more) the held-out type's single-worker rows join the training side and
 * only its multi-worker rows are predicted, so predictors that key on the hardware can answer.
 */
public final class CrossHardware implements Protocol {
    private final Optional<String> heldOut;
    private final boolean singleWorker;

    /** @param heldOut the hardware label to predict, or empty for every type in turn */
    public CrossHardware(Optional<String> heldOut) {
        this(heldOut, false);
    }

    /**
     * @param heldOut      the hardware label to predict, or empty for every type in turn
     * @param singleWorker true to train on the held-out type's single-worker rows too
     */
    public CrossHardware(Optional<String> heldOut, boolean singleWorker) {
        this.heldOut = heldOut;
        this.singleWorker = singleWorker;
    }

    @Override
    public String name() {
        return "cross-hardware" + heldOut.map(h -> ":" + h).orElse("") + (singleWorker ? "+single-worker" : "");
    }

    private boolean trainable(io.stepcast.api.Observation o, String target) {
        return !o.config().deployment().hardware().equals(target) || (singleWorker && o.config().workers() == 1);
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
            List<Observation> test = data.stream().filter(o -> !trainable(o, target)).toList();
            List<Observation> train = data.stream().filter(o -> trainable(o, target)).toList();
            if (test.isEmpty() || train.isEmpty()) {
                continue;
            }
            TreeSet<String> seen = new TreeSet<>(types);
            seen.remove(target);
            String id = String.join("+", seen) + (singleWorker ? "+" + target + "@1" : "") + "->" + target;
            splits.add(new Split(id, TrainingSet.of(datasetId + "/" + name() + "/" + id, train), test));
        }
        return splits;
    }
}
