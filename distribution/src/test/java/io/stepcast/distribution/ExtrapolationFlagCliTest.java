package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A learned predictor answers a point past the range it was fitted on and says so, on the real TensorFlow benchmark
 * rows of {@code docs/examples/resnet50-k80-*.csv} (ResNet-50 on K80s, fitted on 1 and 8 GPUs, held out 16 to 64):
 * {@code predict} adds a {@code NOTE} per flagged row and {@code extrapolation} in its JSON, nothing for the training
 * rows themselves; {@code evaluate} counts the flagged points per entry ({@code extrapolated}) and names them under the
 * table, without changing a figure.
 */
class ExtrapolationFlagCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    @Test
    void predictNotesTheRowsPastTheTrainedWorkersAndNoneInside(@TempDir Path dir) throws IOException {
        CliSession cli = new CliSession();
        Path model = dir.resolve("linear-sgd.json");
        assertThat(cli.run("fit", "--predictor", "linear-sgd", "--train", train(), "--save", model.toString()))
                .as(cli.err()).isZero();

        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test(), "--target", "throughput"))
                .as(cli.err()).isZero();
        String past = cli.out();
        assertThat(past.lines().findFirst().orElseThrow()).endsWith("MEASURED  NOTE");
        assertThat(past).contains("extrapolated: workers 16 is outside the trained range 1-8",
                "extrapolated: workers 64 is outside the trained range 1-8",
                "6 of the 6 predictions lie outside the range the model was trained on, or in a wide gap inside it (NOTE)");

        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", train(), "--target", "throughput"))
                .as(cli.err()).isZero();
        assertThat(cli.out()).doesNotContain("NOTE", "extrapolated", "outside");

        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test(), "--target", "throughput",
                "--json")).as(cli.err()).isZero();
        for (JsonNode row : JSON.readTree(cli.out()).get("predictions")) {
            assertThat(row.get("predicted").isNumber()).as(row.toString()).isTrue();
            assertThat(row.get("extrapolation").asText()).as(row.toString())
                    .startsWith("workers " + row.get("workers").asInt() + " is outside the trained range 1-8");
        }
    }

    /**
     * A model saved with {@code fit --coverage} keeps the flag, and its table has the columns of what it answers: the
     * split-conformal wrapper passes on a memory estimate only where its base makes one, so a learned predictor's table
     * has no PEAK GiB and FITS columns (they were there, a dash in every row).
     */
    @Test
    void aCalibratedModelKeepsTheFlagAndShowsNoMemoryColumnsOfDashes(@TempDir Path dir) throws IOException {
        CliSession cli = new CliSession();
        Path model = dir.resolve("cart-90.json");
        assertThat(cli.run("fit", "--predictor", "cart", "--train", train(), "--coverage", "0.9", "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", test(), "--target", "throughput"))
                .as(cli.err()).isZero();
        assertThat(cli.out().lines().findFirst().orElseThrow()).endsWith("MEASURED  NOTE").doesNotContain("PEAK GiB");
        assertThat(cli.out()).contains("extrapolated: workers 16 is outside the trained range 1-8");
    }

    @Test
    void evaluateCountsTheExtrapolatedPointsOfEachEntry(@TempDir Path out) throws IOException {
        CliSession cli = new CliSession();
        assertThat(cli.run("evaluate", "--train", train(), "--test", test(), "--targets", "throughput", "--predictors",
                "linear-sgd,cart,ernest", "--out", out.toString())).as(cli.err()).isZero();
        // The two learned predictors extrapolated the same points for the same reasons: one line names both.
        assertThat(cli.out().lines().filter(l -> l.contains(" extrapolated ")).toList()).singleElement()
                .satisfies(line -> assertThat(line).contains("linear-sgd", "cart", "extrapolated 6 of 6 answered points,"
                        + " e.g. workers 16 is outside the trained range 1-8").doesNotContain("ernest"));
        Map<String, JsonNode> entries = new HashMap<>();
        for (JsonNode e : JSON.readTree(out.resolve("results.json").toFile()).get("entries")) {
            entries.put(e.get("predictor").asText(), e);
        }
        assertThat(entries.get("linear-sgd").get("extrapolated").asInt()).isEqualTo(6);
        assertThat(entries.get("cart").get("extrapolated").asInt()).isEqualTo(6);
        // A closed form with a scaling law is meant to carry its form past its rows: nothing flagged.
        assertThat(entries.get("ernest").get("extrapolated").asInt()).isZero();
        assertThat(entries.get("ernest").get("n").asInt()).isEqualTo(6);
    }

    private static String train() {
        return EXAMPLES.resolve("resnet50-k80-train.csv").toString();
    }

    private static String test() {
        return EXAMPLES.resolve("resnet50-k80-test.csv").toString();
    }
}
