package io.stepcast.queueing.archfixture;

import io.stepcast.evaluation.Evaluation;

/**
 * A deliberate violation of the dependency rules (a "predictor" class that imports the evaluation
 * module), used only to prove that {@code ArchitectureTest}'s rules fail when broken.
 */
public final class ImportsEvaluation {
    private ImportsEvaluation() {
    }

    /** References the evaluation facade so the class depends on evaluation. */
    public static Class<?> violation() {
        return Evaluation.class;
    }
}
