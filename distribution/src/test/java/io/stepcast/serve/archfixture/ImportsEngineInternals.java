package io.stepcast.serve.archfixture;

import io.stepcast.app.cli.StepcastCli;
import io.stepcast.evaluation.suite.Suites;

/**
 * A deliberate violation (a "serve" class that reaches past the evaluation facade into the suites, and into the
 * application's CLI), used only to prove that {@code ArchitectureTest}'s rules fail when broken.
 */
public final class ImportsEngineInternals {
    private ImportsEngineInternals() {
    }

    /** References an engine-internal class and the CLI. */
    public static java.util.List<Class<?>> violation() {
        return java.util.List.of(Suites.class, StepcastCli.class);
    }
}
