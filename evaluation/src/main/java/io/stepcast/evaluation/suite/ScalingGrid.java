package io.stepcast.evaluation.suite;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.scaling.ScalingSlice;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * What each split of a (dataset, protocol) predicts besides its held-out points, for the scaling charts: for each
 * model and target, one split and one {@link ScalingSlice} are charted, those whose training and held-out points of
 * the slice span the most worker counts (the first such split on a tie), and that split's fit also predicts the
 * slice's training points and the configurations between its measured worker counts. A configuration between two
 * measured ones is a power of two strictly between them, built from the smaller one, and only where the two differ
 * in their workers alone (same nodes, parameter servers and devices per worker), so no layout is invented; below the
 * smallest measured count the same holds on one node, down to one worker.
 */
final class ScalingGrid {
    private ScalingGrid() {
    }

    /**
     * A configuration a split's fit predicts for the charts.
     *
     * @param measured the measured value of a training point; NaN between measured ones
     */
    record Request(Target target, Config config, String source, int replication, ScalingPoint.Role role,
                   double measured) {
    }

    /** The requests of each split, in the order of {@code splits} (empty for splits that are not charted). */
    static List<List<Request>> plan(List<Split> splits, List<Target> targets) {
        List<List<Request>> out = new ArrayList<>();
        splits.forEach(s -> out.add(new ArrayList<>()));
        for (Target t : targets) {
            Set<String> models = new LinkedHashSet<>();
            splits.forEach(s -> s.test().forEach(o -> models.add(o.config().model())));
            for (String model : models) {
                int bestSplit = -1;
                ScalingSlice bestSlice = null;
                long bestCount = 1;
                for (int i = 0; i < splits.size(); i++) {
                    Split s = splits.get(i);
                    Set<ScalingSlice> candidates = new LinkedHashSet<>();
                    s.test().stream().filter(o -> o.config().model().equals(model) && o.value(t).isPresent())
                            .forEach(o -> candidates.addAll(ScalingSlice.of(o.config())));
                    for (ScalingSlice k : candidates) {
                        long count = measured(s, t, k).stream().mapToInt(o -> o.config().workers()).distinct().count();
                        if (count > bestCount) {
                            bestCount = count;
                            bestSplit = i;
                            bestSlice = k;
                        }
                    }
                }
                if (bestSplit >= 0) {
                    out.get(bestSplit).addAll(requests(splits.get(bestSplit), t, bestSlice));
                }
            }
        }
        return out;
    }

    /** The training and held-out points of {@code s} in slice {@code k} that measure {@code t}. */
    private static List<Observation> measured(Split s, Target t, ScalingSlice k) {
        List<Observation> out = new ArrayList<>();
        s.training().observations().stream().filter(o -> o.value(t).isPresent() && k.contains(o.config()))
                .forEach(out::add);
        s.test().stream().filter(o -> o.value(t).isPresent() && k.contains(o.config())).forEach(out::add);
        return out;
    }

    private static List<Request> requests(Split s, Target t, ScalingSlice k) {
        List<Request> out = new ArrayList<>();
        s.training().observations().stream().filter(o -> o.value(t).isPresent() && k.contains(o.config()))
                .forEach(o -> out.add(new Request(t, o.config(), o.source(), o.replication(), ScalingPoint.Role.TRAIN,
                        o.value(t).getAsDouble())));
        Map<Integer, Observation> byWorkers = new TreeMap<>();
        measured(s, t, k).forEach(o -> byWorkers.putIfAbsent(o.config().workers(), o));
        List<Observation> sorted = List.copyOf(byWorkers.values());
        Observation smallest = sorted.get(0);
        if (smallest.config().deployment().nodes() == 1) {
            between(out, t, k, smallest, 0, smallest.config().workers());
        }
        for (int i = 0; i + 1 < sorted.size(); i++) {
            Observation a = sorted.get(i);
            Observation b = sorted.get(i + 1);
            if (sameLayout(a.config(), b.config())) {
                between(out, t, k, a, a.config().workers(), b.config().workers());
            }
        }
        return out;
    }

    private static boolean sameLayout(Config a, Config b) {
        return a.deployment().nodes() == b.deployment().nodes()
                && a.deployment().parameterServers() == b.deployment().parameterServers()
                && a.deployment().devicesPerWorker() == b.deployment().devicesPerWorker();
    }

    /** The powers of two strictly between {@code lo} and {@code hi}, built from {@code from}'s configuration. */
    private static void between(List<Request> out, Target t, ScalingSlice k, Observation from, int lo, int hi) {
        if (from.config().parallel().isPresent()) {
            return;
        }
        for (int p = 1; p < hi; p *= 2) {
            if (p <= lo) {
                continue;
            }
            try {
                Config c = from.config().withWorkers(p);
                if (k.globalBatch()) {
                    c = c.withGlobalBatch(k.batch());
                }
                out.add(new Request(t, c, from.source(), 0, ScalingPoint.Role.BETWEEN, Double.NaN));
            } catch (IllegalArgumentException e) {
                // the slice's batch does not split over p workers: no such configuration
            }
        }
    }
}
