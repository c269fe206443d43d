package io.stepcast.analytic.megatron;

/** How an iteration is timed from the shared per-layer terms: the closed form or the simulated schedule. */
enum Method {
    /** {@link JobTerms}: (m + p - 1) slots of the slowest stage, Narayanan et al.'s bubble in closed form. */
    ANALYTIC("megatron-analytic"),
    /** {@link PipelineTerms}: the 1F1B schedule simulated stage by stage ({@link PipelineSimulation}). */
    SIMULATION("megatron-simulation");

    private final String estimator;

    Method(String estimator) {
        this.estimator = estimator;
    }

    /** The name of the estimator that times iterations this way. */
    String estimator() {
        return estimator;
    }
}
