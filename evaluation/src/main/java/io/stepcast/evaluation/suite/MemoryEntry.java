package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.metrics.MemoryAccuracy;

import java.util.List;
import java.util.Objects;

/**
 * A predictor's peak-memory estimate scored on one table of measured peak memory per GPU: how many of the table's
 * runs it estimated, and the mean and largest absolute percentage error over those (a run it could not estimate is
 * left out of both, never an error of 0). The runs are there with each estimate, except in a run read back from a
 * {@code results.json} without its {@code details.json}.
 *
 * @param table     the table's name
 * @param predictor the predictor's label
 * @param rows      runs in the table
 * @param answered  runs with an estimate
 * @param mape      mean absolute percentage error over the answered runs, %; NaN when none was answered
 * @param maxApe    the largest of those errors, %; NaN when none was answered
 * @param runs      each run with its estimate, in the table's order; empty when not kept
 */
public record MemoryEntry(String table, String predictor, int rows, int answered, double mape, double maxApe,
                          List<MemoryRun> runs) {
    public MemoryEntry {
        Objects.requireNonNull(table, "table");
        Objects.requireNonNull(predictor, "predictor");
        runs = List.copyOf(runs);
    }

    /** The entry of a scored table. */
    public static MemoryEntry of(MemoryAccuracy a) {
        List<MemoryRun> runs = a.points().stream().map(p -> MemoryRun.of(p.run(), p.estimated())).toList();
        double max = a.points().stream().mapToDouble(MemoryAccuracy.Point::ape).filter(Double::isFinite).max()
                .orElse(Double.NaN);
        return new MemoryEntry(a.table(), a.predictor(), a.points().size(), a.n(), a.mape(), max, runs);
    }
}
