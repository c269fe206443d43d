package io.stepcast.evaluation.suite;

import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Everything a suite run produced: the accuracy entries (over all models and per model), the
 * selection scores, the reproduced figures, every scored point (for the charts) and notes about data
 * or predictors that could not be used, the wall-clock seconds each predictor took (fits and
 * predictions; informative only, never asserted), predicted curves drawn as charts (for example
 * simulated throughput versus workers), and the points predicted for the scaling charts only (training points
 * and configurations between measured ones, never scored), and the peak-memory estimates scored on measured peak
 * memory per GPU ({@link MemoryEntry}, one per table and predictor that estimates memory).
 */
public record SuiteResult(String suite, String description, List<ScoreEntry> entries, List<ScoreEntry> perModel,
                          List<SelectionEntry> selection, List<ReproductionRow> reproduction,
                          List<ScoredPoint> points, Map<String, String> predictorNotes, List<String> notes,
                          Map<String, Double> seconds, List<Curve> curves, List<ScalingPoint> scaling,
                          List<MemoryEntry> memory) {
    public SuiteResult {
        memory = List.copyOf(memory);
        entries = List.copyOf(entries);
        perModel = List.copyOf(perModel);
        selection = List.copyOf(selection);
        reproduction = List.copyOf(reproduction);
        points = List.copyOf(points);
        predictorNotes = Map.copyOf(predictorNotes);
        notes = List.copyOf(notes);
        seconds = Map.copyOf(seconds);
        curves = List.copyOf(curves);
        scaling = List.copyOf(scaling);
    }

    /** A result without scaling points. */
    public SuiteResult(String suite, String description, List<ScoreEntry> entries, List<ScoreEntry> perModel,
                       List<SelectionEntry> selection, List<ReproductionRow> reproduction, List<ScoredPoint> points,
                       Map<String, String> predictorNotes, List<String> notes, Map<String, Double> seconds,
                       List<Curve> curves) {
        this(suite, description, entries, perModel, selection, reproduction, points, predictorNotes, notes, seconds,
                curves, List.of(), List.of());
    }

    /** The same result with {@code more} notes after its own (warnings about the input, for example). */
    public SuiteResult withNotes(List<String> more) {
        List<String> all = new ArrayList<>(notes);
        all.addAll(more);
        return new SuiteResult(suite, description, entries, perModel, selection, reproduction, points, predictorNotes,
                all, seconds, curves, scaling, memory);
    }
}
