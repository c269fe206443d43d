package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.cli.EvaluateCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end with the real predictors on the class path: {@code stepcast evaluate} runs the default suite
 * on the embedded data and writes the documented results.json, the reports and the charts.
 */
class EvaluateDefaultSuiteTest {

    @Test
    void defaultSuiteScoresTheRealPredictorsOnTheEmbeddedData(@TempDir Path out) throws Exception {
        StringWriter sw = new StringWriter();
        CommandLine cli = new CommandLine(new EvaluateCommand(PluginRegistry.discover()));
        cli.setOut(new PrintWriter(sw));
        int code = cli.execute("--out", out.toString());
        System.out.println(sw);
        assertThat(code).isZero();
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(results.get("suite").asText()).isEqualTo("default");
        Set<String> predictors = new HashSet<>();
        results.get("entries").forEach(e -> {
            assertThat(e.fieldNames()).toIterable().containsExactly("dataset", "protocol", "predictor", "target", "n",
                    "mape", "median_ape", "p90_ape", "max_ape", "rmse", "r2");
            if (e.get("n").asInt() > 0) {
                predictors.add(e.get("predictor").asText());
            }
        });
        assertThat(predictors).contains("courier-forest", "courier-ols", "linear-scaling");
        assertThat(results.get("selection")).isNotEmpty();
        results.get("selection").forEach(s -> assertThat(s.fieldNames()).toIterable().containsExactly("dataset",
                "predictor", "decisions", "violation_rate", "regret", "feasible_missed"));
        assertThat(out.resolve("report.md")).exists();
        assertThat(out.resolve("report.html")).exists();
        try (var charts = Files.list(out.resolve("charts"))) {
            assertThat(charts.filter(p -> p.toString().endsWith(".png")).count()).isGreaterThan(2);
        }
    }
}
