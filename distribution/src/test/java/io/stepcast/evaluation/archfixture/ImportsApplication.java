package io.stepcast.evaluation.archfixture;

import io.stepcast.app.cli.StepcastCli;

/**
 * A deliberate violation (an "evaluation" class that imports the application's CLI), used only to prove that
 * {@code ArchitectureTest}'s rules fail when broken.
 */
public final class ImportsApplication {
    private ImportsApplication() {
    }

    /** References the CLI's main class. */
    public static Class<?> violation() {
        return StepcastCli.class;
    }
}
