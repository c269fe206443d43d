package io.stepcast.evaluation.suite;

import io.stepcast.evaluation.metrics.Metrics;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The accuracy of one predictor on one target of one dataset under one protocol, over all models
 * ({@code model = "*"}) or for one model.
 *
 * @param reasons distinct not-applicable reasons with their counts, in the order given (most frequent first)
 */
public record ScoreEntry(String dataset, String protocol, String predictor, String target, String model,
                         Metrics metrics, Map<String, Integer> reasons) {
    /** Model label of an entry over every model of the dataset. */
    public static final String ALL_MODELS = "*";

    public ScoreEntry {
        // Keep the tally's order (most frequent first): Map.copyOf would iterate in a per-JVM random order,
        // and details.json and the report list the reasons in iteration order.
        reasons = Collections.unmodifiableMap(new LinkedHashMap<>(reasons));
    }
}
