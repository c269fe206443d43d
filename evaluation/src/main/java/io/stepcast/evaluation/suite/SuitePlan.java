package io.stepcast.evaluation.suite;

import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.Estimator;

import java.util.List;
import java.util.Map;

/**
 * A suite ready to run: its predictors resolved, its protocols parsed and its splits built (with their
 * profiles) once. The tasks are independent; their results are put together in the order listed here,
 * whatever order they finish in.
 *
 * @param suite          the suite
 * @param predictors     predictor label to configured estimator, in the suite's order
 * @param predictorNotes why a listed predictor is unavailable, by label
 * @param notes          about data that gives nothing to score
 * @param holdOuts       the accuracy tasks, in result order (dataset, protocol, predictor, split)
 * @param selections     the batch-size selection scorings
 * @param selectionFits  the selections grouped by the fits they share, each with its (split, predictor) tasks
 * @param reproductions  the reproductions, in the suite's order
 * @param memory         the peak-memory tables with the predictors that estimate memory, in the suite's order (no
 *                       task: scored on the driver, nothing to fit)
 */
record SuitePlan(Suite suite, Map<String, Estimator> predictors, Map<String, String> predictorNotes,
                 List<String> notes, List<HoldOutTask> holdOuts, List<BatchSizeSelection> selections,
                 List<SelectionFits> selectionFits, List<Reproduction> reproductions, List<MemoryScoring> memory) {
    SuitePlan {
        memory = List.copyOf(memory);
        holdOuts = List.copyOf(holdOuts);
        selections = List.copyOf(selections);
        selectionFits = List.copyOf(selectionFits);
        reproductions = List.copyOf(reproductions);
        notes = List.copyOf(notes);
    }

    /** How many independent tasks the plan has. */
    long tasks() {
        long n = holdOuts.size();
        for (SelectionFits s : selectionFits) {
            n += (long) s.splits().size() * s.predictors().size();
        }
        return n;
    }
}
