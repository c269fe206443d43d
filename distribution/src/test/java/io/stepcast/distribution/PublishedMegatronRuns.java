package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What the tests of published Megatron runs ({@code src/test/resources/published/}, each file citing its source) do
 * as a user would: copy a table out of the test resources, {@code fit} a Megatron predictor on one table with stated
 * constants and {@code predict} another's step times, and read each prediction's error against the measured time.
 */
final class PublishedMegatronRuns {
    private PublishedMegatronRuns() {
    }

    /** The test resource {@code published/NAME} copied into {@code dir}. */
    static Path copy(Path dir, String name) throws Exception {
        Path to = dir.resolve(name);
        try (InputStream in = Objects.requireNonNull(
                PublishedMegatronRuns.class.getResourceAsStream("/published/" + name), name)) {
            Files.copy(in, to);
        }
        return to;
    }

    /**
     * The step-time predictions, row by row of {@code input}, of {@code predictor} fitted on {@code train} with
     * hyper-parameter {@code efficiency}, through {@code fit --save} and {@code predict --json}.
     */
    static List<JsonNode> predict(CliSession cli, Path dir, String predictor, String efficiency, Path train, Path input)
            throws Exception {
        return predict(cli, dir, predictor, efficiency, "none", train, input);
    }

    /** As {@link #predict(CliSession, Path, String, String, Path, Path)}, with hyper-parameter {@code carry}. */
    static List<JsonNode> predict(CliSession cli, Path dir, String predictor, String efficiency, String carry, Path train,
                                  Path input) throws Exception {
        Path model = dir.resolve(predictor + "-" + efficiency + "-" + carry + "-" + train.getFileName() + ".json");
        cli.clear();
        assertThat(cli.run("fit", "--predictor", predictor, "--train", train.toString(), "--param",
                "efficiency=" + efficiency, "--param", "carry=" + carry, "--save", model.toString()))
                .as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", input.toString(), "--target",
                "step-time", "--json")).as(cli.err()).isZero();
        List<JsonNode> out = new ArrayList<>();
        new ObjectMapper().readTree(cli.out()).get("predictions").forEach(out::add);
        return out;
    }

    /** A prediction's relative error against the row's measured time; the prediction must be a value. */
    static double error(JsonNode prediction) {
        assertThat(prediction.get("predicted").isNumber()).as(prediction.toString()).isTrue();
        return prediction.get("predicted").asDouble() / prediction.get("measured").asDouble() - 1;
    }

    /** The mean absolute error of the rows that were answered. */
    static double mape(List<JsonNode> rows) {
        return rows.stream().filter(p -> p.get("predicted").isNumber()).mapToDouble(p -> Math.abs(error(p)))
                .average().orElseThrow();
    }
}
