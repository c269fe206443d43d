package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;

/** The leaderboard entries of an {@code evaluate --out} run's {@code results.json}, for the CLI tests. */
final class ResultsEntries {
    private ResultsEntries() {
    }

    /** The first entry of {@code predictor}; fails the test when there is none. */
    static JsonNode entry(JsonNode results, String predictor) {
        for (JsonNode e : results.get("entries")) {
            if (e.get("predictor").asText().equals(predictor)) {
                return e;
            }
        }
        throw new AssertionError("no entry for " + predictor + " in " + results);
    }
}
