package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.EvaluateCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The Courier reproduction with the real predictors and the real tables ({@code --data
 * ../shared/data}): the published OLS/ANOVA figures come back from the courier-ols predictor alone, and the
 * live test's SLO outcome from the measurements.
 */
class PaperCourierReproductionTest {

    @Test
    void publishedCourierFiguresAreReproducedThroughThePredictors(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("courier.yaml");
        Files.writeString(suite, "name: courier-reproduction\nreproduction: [courier]\n");
        StringWriter sw = new StringWriter();
        CommandLine cli = new CommandLine(new EvaluateCommand(PluginRegistry.discover()));
        cli.setOut(new PrintWriter(sw));
        int code = cli.execute("--suite", suite.toString(), "--data", System.getProperty("stepcast.shared.data"),
                "--out", dir.resolve("out").toString());
        assertThat(code).isZero();
        JsonNode json = new ObjectMapper().readTree(dir.resolve("out/results.json").toFile());
        Map<String, JsonNode> rows = new LinkedHashMap<>();
        json.get("reproduction").forEach(r -> rows.put(r.get("quantity").asText(), r));
        System.out.println(Files.readString(dir.resolve("out/report.md")));

        assertThat(rows.get("Courier live test: runs that missed the SLO (of 15)").get("reproduced").asDouble()).isEqualTo(3);
        for (String q : new String[] {"OLS coefficient batch", "OLS coefficient cpu:batch:njobs", "OLS R^2",
            "OLS adjusted R^2", "OLS F(7, 280)", "Type-II ANOVA sum of squares, batch",
            "share of variation explained by batch (Type-II SS / total)"}) {
            assertThat(rows.get(q).get("relative_difference").asDouble()).as(q).isCloseTo(0, within(0.002));
        }
        // The MSEs on the live runs depend on the fitted forests: same order of magnitude as published.
        assertThat(rows.get("Courier live test: time-prediction MSE of the Courier time forest, s^2")
                .get("reproduced").asDouble()).isBetween(1000.0, 10000.0);
        // The step-count model is this project's own: no published figure, its target in the note.
        JsonNode steps = rows.get("Courier live test: time-prediction MSE of the step-count model, s^2");
        assertThat(steps.get("published").isNull()).isTrue();
        assertThat(steps.get("relative_difference").isNull()).isTrue();
        assertThat(steps.get("reproduced").asDouble()).isPositive();
    }
}
