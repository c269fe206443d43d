package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/** The leaderboard entries of an {@code evaluate --out DIR} run ({@code DIR/results.json}). */
final class ResultsJson {
    private final JsonNode entries;

    private ResultsJson(JsonNode entries) {
        this.entries = entries;
    }

    /** The entries of {@code out/results.json}. */
    static ResultsJson of(Path out) throws IOException {
        return new ResultsJson(new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("entries"));
    }

    /** The entries of {@code dataset} by predictor. */
    Map<String, JsonNode> byPredictor(String dataset) {
        Map<String, JsonNode> out = new HashMap<>();
        entries.forEach(e -> {
            if (e.get("dataset").asText().equals(dataset)) {
                out.put(e.get("predictor").asText(), e);
            }
        });
        return out;
    }

    /** The first entry of {@code predictor}. */
    JsonNode entry(String predictor) {
        for (JsonNode e : entries) {
            if (e.get("predictor").asText().equals(predictor)) {
                return e;
            }
        }
        throw new AssertionError("no entry for " + predictor + " in " + entries);
    }
}
