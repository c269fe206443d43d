package io.stepcast.app.cli;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The warning {@code evaluate} prints when a predictor that estimates memory says some test rows do not fit their GPU:
 * their times are scored like any other, and a small error on a run the model thinks impossible is worth a second
 * look (a layout that trained on 80 GiB GPUs but is estimated at 82 GiB points at the memory model, or at the row).
 */
final class OverMemoryRows {
    private OverMemoryRows() {
    }

    /**
     * {@code k of n test rows with a memory estimate are predicted not to fit ...}, counting each held-out row once
     * (per dataset, whatever the splits and predictors that scored it), with the largest overflow; empty when every
     * estimate fits or none can be checked.
     *
     * @param points  the scored points of a run
     * @param verdict a point's estimate against its GPU's memory
     */
    static Optional<String> note(List<ScoredPoint> points, Function<ScoredPoint, MemoryVerdict> verdict) {
        Set<List<Object>> estimated = new HashSet<>();
        Map<List<Object>, Over> over = new LinkedHashMap<>();
        Set<String> predictors = new TreeSet<>();
        for (ScoredPoint p : points) {
            if (p.peakMemoryBytes().isEmpty()) {
                continue;
            }
            List<Object> row = List.of(p.dataset(), p.observation());
            estimated.add(row);
            MemoryVerdict v = verdict.apply(p);
            if (v.overflows()) {
                predictors.add(p.predictor());
                over.merge(row, new Over(p.observation(), v), (a, b) -> a.share() >= b.share() ? a : b);
            }
        }
        if (over.isEmpty()) {
            return Optional.empty();
        }
        Over largest = over.values().stream().max(Comparator.comparingDouble(Over::share)).orElseThrow();
        Config c = largest.row().config();
        int k = over.size();
        return Optional.of(k + " of " + estimated.size() + " test rows with a memory estimate "
                + (k == 1 ? "is" : "are") + " predicted not to fit the GPU's memory (" + String.join(", ", predictors)
                + "; the largest: " + c.model() + " on " + c.workers() + " workers of " + c.deployment().hardware()
                + " needs " + largest.verdict().peakGib() + " GiB per GPU, the GPU has " + largest.verdict().deviceGib()
                + " GiB); their times are scored all the same");
    }

    /**
     * For the rows predicted not to fit, each distinct larger-memory variant of their system's GPU that would hold them
     * ({@link LargerMemoryVariant}), in the order the rows come; empty without a catalog.
     *
     * @param points  the scored points of a run
     * @param verdict a point's estimate against its GPU's memory
     * @param catalog the hardware catalog the verdicts were taken against
     */
    static List<String> variants(List<ScoredPoint> points, Function<ScoredPoint, MemoryVerdict> verdict,
                                 Optional<HardwareCatalog> catalog) {
        Set<String> out = new LinkedHashSet<>();
        for (ScoredPoint p : points) {
            if (p.peakMemoryBytes().isEmpty() || catalog.isEmpty()) {
                continue;
            }
            MemoryVerdict v = verdict.apply(p);
            if (v.overflows()) {
                LargerMemoryVariant.note(p.config().deployment().hardware(), v.peakBytes(), catalog.get())
                        .ifPresent(out::add);
            }
        }
        return List.copyOf(out);
    }

    /** A row that does not fit, with its largest estimate. */
    private record Over(Observation row, MemoryVerdict verdict) {
        /** The estimate over the GPU's memory. */
        double share() {
            return verdict.peakBytes() / verdict.deviceBytes().getAsDouble();
        }
    }
}
