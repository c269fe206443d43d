package io.stepcast.evaluation.selection;

/**
 * Batch-size selection quality of one predictor on one dataset (docs/methods.md section 5).
 *
 * @param decisions      decisions the selector made (cases it could not decide are in {@code undecided})
 * @param undecided      cases where the predictor could predict no candidate at all
 * @param violationRate  share of decisions whose chosen batch's MEASURED latency missed the SLO
 * @param regret         mean relative shortfall against the oracle over the decisions that met the SLO and
 *                       had a feasible batch (0 = always the best feasible batch), NaN when there are none
 * @param feasibleMissed share of decisions where some candidate's measured latency met the SLO but the
 *                       chosen one did not (a subset of the violations)
 */
public record SelectionScore(int decisions, int undecided, double violationRate, double regret,
                             double feasibleMissed) {
}
