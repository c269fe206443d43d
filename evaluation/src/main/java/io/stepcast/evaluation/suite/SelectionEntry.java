package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScore;

import java.util.List;

/**
 * Batch-size selection quality of one predictor on one dataset, with every decision.
 *
 * @param note why decisions are missing, when the predictor could not be used (empty otherwise)
 */
public record SelectionEntry(String dataset, String predictor, SelectionScore score, List<SelectionOutcome> outcomes,
                             String note) {
    public SelectionEntry {
        outcomes = List.copyOf(outcomes);
        note = note == null ? "" : note;
    }
}
