package io.stepcast.evaluation;

/** Suite files over the {@link SyntheticPlugin}'s grid that several tests run (synthetic data, mechanics only). */
public final class SyntheticSuites {
    /**
     * Step times of the grid under an extrapolation and a 3-fold protocol, three synthetic predictors (exact, mean,
     * broken) and a batch-size selection at the midpoints: what a report draws, charts and decisions included.
     */
    public static final String REPORT = """
            name: synthetic-report
            description: synthetic grid, report drawn twice
            datasets:
              - name: grid
                source: grid
                protocols: ["extrapolation:workers<=2", "kfold:3"]
                targets: [step-time]
            predictors:
              - name: synthetic-exact
              - name: synthetic-mean
              - name: synthetic-broken
            selection:
              - dataset: grid
                latency: step-time
                slo: {type: midpoints}
            """;

    private SyntheticSuites() {
    }
}
