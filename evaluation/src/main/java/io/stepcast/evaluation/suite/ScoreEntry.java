package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.metrics.Metrics;

import java.util.Map;

/**
 * The accuracy of one predictor on one target of one dataset under one protocol, over all models
 * ({@code model = "*"}) or for one model.
 *
 * @param reasons distinct not-applicable reasons with their counts
 */
public record ScoreEntry(String dataset, String protocol, String predictor, String target, String model,
                         Metrics metrics, Map<String, Integer> reasons) {
    /** Model label of an entry over every model of the dataset. */
    public static final String ALL_MODELS = "*";

    public ScoreEntry {
        reasons = Map.copyOf(reasons);
    }
}
