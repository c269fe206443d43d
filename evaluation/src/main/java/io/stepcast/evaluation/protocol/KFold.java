package io.stepcast.evaluation.protocol;

import io.stepcast.api.evaluation.Protocol;
import io.stepcast.api.evaluation.Split;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;

import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Random;

/**
 * k-fold cross-validation with a fixed seed. Without a group attribute every observation is its own
 * unit; with one ({@code kfold:5:job}) all observations sharing the attribute's value fall into the same
 * fold, so replications or the other batch sizes of one job never sit on both sides (grouped k-fold).
 * Units are shuffled with {@code new Random(seed)} in first-seen order, then dealt round-robin, so the
 * folds differ in size by at most one unit and are identical in every run.
 */
public final class KFold implements Protocol {
    private final int k;
    private final long seed;
    private final Optional<String> groupBy;

    /**
     * @param k       number of folds, at least 2
     * @param seed    shuffling seed
     * @param groupBy attribute whose values are kept together (see {@link Attributes}), or empty
     */
    public KFold(int k, long seed, Optional<String> groupBy) {
        if (k < 2) {
            throw new IllegalArgumentException("k-fold needs k >= 2, was " + k);
        }
        this.k = k;
        this.seed = seed;
        this.groupBy = groupBy;
    }

    @Override
    public String name() {
        return "kfold:" + k + groupBy.map(g -> ":" + g).orElse("");
    }

    @Override
    public List<Split> splits(String datasetId, List<Observation> data) {
        Attributes.requirePresent(name(), datasetId, data, groupBy.stream().toList());
        Map<String, List<Observation>> units = new LinkedHashMap<>();
        for (int i = 0; i < data.size(); i++) {
            Observation o = data.get(i);
            String unit = groupBy.map(g -> Attributes.value(o, g).orElse("<none>")).orElse("#" + i);
            units.computeIfAbsent(unit, u -> new ArrayList<>()).add(o);
        }
        List<String> order = new ArrayList<>(units.keySet());
        Collections.shuffle(order, new Random(seed));
        int folds = Math.min(k, order.size());
        List<Split> splits = new ArrayList<>();
        for (int f = 0; f < folds; f++) {
            List<Observation> train = new ArrayList<>();
            List<Observation> test = new ArrayList<>();
            for (int u = 0; u < order.size(); u++) {
                (u % folds == f ? test : train).addAll(units.get(order.get(u)));
            }
            String id = name() + "/" + (f + 1);
            splits.add(new Split(id, TrainingSet.of(datasetId + "/" + id, train), test));
        }
        return splits;
    }
}
