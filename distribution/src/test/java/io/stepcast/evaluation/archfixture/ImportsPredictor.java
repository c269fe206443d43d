package io.stepcast.evaluation.archfixture;

import io.stepcast.queueing.archfixture.ImportsEvaluation;

/**
 * A deliberate violation (an "evaluation" class that imports a predictor-module class), used only to prove
 * that {@code ArchitectureTest}'s rules fail when broken.
 */
public final class ImportsPredictor {
    private ImportsPredictor() {
    }

    /** References a class of the queueing package. */
    public static Class<?> violation() {
        return ImportsEvaluation.class;
    }
}
