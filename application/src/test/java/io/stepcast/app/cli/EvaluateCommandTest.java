package io.stepcast.app.cli;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

class EvaluateCommandTest {
    private static final String SUITE = """
            name: synthetic-cli
            description: synthetic grid through the command
            datasets:
              - name: grid
                source: grid
                protocols: ["kfold:3", "extrapolation:workers<=2"]
                targets: [throughput]
            predictors:
              - name: synthetic-exact
              - name: synthetic-mean
              - name: synthetic-broken
            selection:
              - dataset: grid
                latency: step-time
                slo: {type: midpoints}
            """;

    /** A suite of the synthetic grid alone under 2-fold cross-validation. */
    private static final String KFOLD_SUITE = """
            {"name": "j", "datasets": [{"name": "grid", "source": "grid", "protocols": ["kfold:2"],
              "targets": ["step-time"]}]}
            """;

    private static CliRun run(String... args) {
        return CliRun.command(new EvaluateCommand(CliRun.synthetic()), args);
    }

    @Test
    void writesTheLeaderboardResultsReportsAndCharts(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        Path out = dir.resolve("out");
        CliRun r = run("--suite", suite.toString(), "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // The leaderboard ranks the exact synthetic predictor first; the broken one, which answers nothing in
        // this suite, is listed once under "not applicable" with its reason instead of as empty rows.
        String board = r.out().substring(r.out().indexOf("grid | kfold:3 | throughput"));
        List<String> lines = board.lines().toList();
        assertThat(lines.get(3)).startsWith("synthetic-exact").contains(" 0.0 ");
        assertThat(board.substring(0, board.indexOf("batch-size selection"))).doesNotContain("\nsynthetic-broken ");
        assertThat(r.out()).contains("not applicable in this suite\nsynthetic-broken: ");
        assertThat(r.out()).contains("batch-size selection | grid");

        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        assertThat(json.fieldNames()).toIterable().containsExactly("suite", "entries", "selection", "coverage", "reproduction");
        assertThat(json.get("suite").asText()).isEqualTo("synthetic-cli");
        JsonNode broken = find(json.get("entries"), "synthetic-broken");
        assertThat(broken.get("n").asInt()).isZero();
        assertThat(broken.get("mape").isNull()).isTrue();
        JsonNode exactSel = find(json.get("selection"), "synthetic-exact");
        assertThat(exactSel.get("violation_rate").asDouble()).isZero();
        assertThat(exactSel.get("decisions").asInt()).isEqualTo(48);

        // The synthetic predictors have no interval of their own: conformal coverage rows only.
        assertThat(json.get("coverage")).isNotEmpty()
                .allMatch(c -> c.get("interval").asText().equals("conformal"));

        JsonNode details = new ObjectMapper().readTree(out.resolve("details.json").toFile());
        assertThat(find(details.get("entries"), "synthetic-broken").get("not_applicable").asInt()).isEqualTo(72);

        String md = Files.readString(out.resolve("report.md"));
        assertThat(md).contains("# stepcast evaluation: synthetic-cli", "fit failed: IllegalStateException: synthetic failure",
                "![");
        assertThat(md).containsPattern("\\|\\s*interval\\s*\\|\\s*n with interval\\s*\\|")
                .containsPattern("\\|\\s*conformal\\s*\\|");
        String html = Files.readString(out.resolve("report.html"));
        assertThat(html).contains("<table>", "<img alt=").doesNotContain("| ---");
        List<Path> charts = new ArrayList<>();
        try (var s = Files.list(out.resolve("charts"))) {
            s.forEach(charts::add);
        }
        assertThat(charts).extracting(p -> p.getFileName().toString())
                .anyMatch(n -> n.startsWith("predicted-vs-measured"))
                .anyMatch(n -> n.startsWith("scaling-") && n.contains("throughput-vs-workers"))
                .anyMatch(n -> n.startsWith("batch-latency"));
        for (Path c : charts) {
            byte[] png = Files.readAllBytes(c);
            assertThat(png).hasSizeGreaterThan(5000);
            assertThat(new String(png, 1, 3, StandardCharsets.US_ASCII)).isEqualTo("PNG");
        }
        try (var s = Files.list(out)) {
            assertThat(s.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    @Test
    void predictorsOptionRestrictsTheRun(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.json");
        Files.writeString(suite, KFOLD_SUITE);
        CliRun r = run("--suite", suite.toString(), "--predictors", "synthetic-mean");
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.out()).contains("synthetic-mean").doesNotContain("synthetic-exact");

        CliRun typo = run("--suite", suite.toString(), "--predictors", "synthetic-mena");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.err()).contains("--predictors: no predictor named 'synthetic-mena': did you mean synthetic-mean");
        assertThat(typo.out()).doesNotContain("suite j");
    }

    @Test
    void aLeaderboardWhereNoPredictorAnsweredSaysWhyOnStderrAndInTheReports(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.json");
        Files.writeString(suite, KFOLD_SUITE);
        Path out = dir.resolve("out");
        CliRun r = run("--suite", suite.toString(), "--predictors", "synthetic-broken", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: nothing is ranked: no predictor answered any test point")
                .contains("the most frequent reason (").contains("synthetic failure");
        assertThat(r.out()).contains("\nnothing is ranked: ").contains("not applicable in this suite\nsynthetic-broken: ");
        assertThat(Files.readString(out.resolve("report.md"))).contains("\nnothing is ranked: ");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<p>nothing is ranked: ");

        CliRun answered = run("--suite", suite.toString(), "--predictors", "synthetic-broken,synthetic-mean");
        assertThat(answered.code()).as(answered.err()).isZero();
        assertThat(answered.err() + answered.out()).doesNotContain("nothing is ranked");
    }

    @Test
    void scoresEveryPredictorOnTheUsersOwnTrainAndTestFiles(@TempDir Path dir) throws Exception {
        // Synthetic rows following SyntheticObservations' law: 0.01 * batch + 0.05 * (workers - 1).
        StringBuilder train = new StringBuilder("model,architecture,workers,local_batch,step_time_s,hardware\n");
        StringBuilder test = new StringBuilder(train);
        for (int w : new int[] {1, 2, 4, 8}) {
            for (int b : new int[] {16, 32, 64}) {
                String row = "alpha,allreduce," + w + "," + b + "," + (0.01 * b + 0.05 * (w - 1)) + ",v100\n";
                (w <= 2 ? train : test).append(row);
            }
        }
        Files.writeString(dir.resolve("train.csv"), train);
        Files.writeString(dir.resolve("test.csv"), test);
        Path out = dir.resolve("out");
        CliRun r = run("--train", dir.resolve("train.csv").toString(), "--test", dir.resolve("test.csv").toString(),
                "--targets", "step-time", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode json = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        JsonNode exact = find(json.get("entries"), "synthetic-exact");
        assertThat(exact.get("protocol").asText()).isEqualTo("train-test");
        assertThat(exact.get("n").asInt()).isEqualTo(6);
        assertThat(exact.get("mape").asDouble()).isLessThan(1e-9);
        CliRun bad = run("--train", dir.resolve("missing.csv").toString(), "--test", dir.resolve("test.csv").toString());
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err()).contains("missing.csv: no such file");
    }

    @Test
    void aSuiteFileMayNameTheUsersOwnFileAsADatasetSource(@TempDir Path dir) throws Exception {
        // Synthetic rows following SyntheticObservations' law: 0.01 * batch + 0.05 * (workers - 1).
        StringBuilder rows = new StringBuilder("model,architecture,workers,local_batch,step_time_s,hardware,colour\n");
        for (int w : new int[] {1, 2, 4, 8}) {
            for (int b : new int[] {16, 32, 64}) {
                rows.append("alpha,allreduce,").append(w).append(',').append(b).append(',')
                        .append(0.01 * b + 0.05 * (w - 1)).append(",v100,red\n");
            }
        }
        Files.createDirectories(dir.resolve("data"));
        Files.writeString(dir.resolve("data/mine.csv"), rows);
        Path suite = dir.resolve("mine.yaml");
        Files.writeString(suite, """
                name: mine
                datasets:
                  - name: mine
                    source: data/mine.csv
                    protocols: ["extrapolation:workers<=2"]
                    targets: [step-time]
                """);
        Path out = dir.resolve("out");
        CliRun r = run("--suite", suite.toString(), "--predictors", "synthetic-exact", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("mine.csv: unknown column 'colour'");
        JsonNode exact = find(new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("entries"),
                "synthetic-exact");
        assertThat(exact.get("n").asInt()).isEqualTo(6);
        Files.writeString(suite, Files.readString(suite).replace("data/mine.csv", "data/theirs.csv"));
        CliRun missing = run("--suite", suite.toString(), "--predictors", "synthetic-exact");
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.err()).contains("source data/theirs.csv: no such file");
    }

    @Test
    void aMisspelledColumnOfTheUsersFileIsReportedWithTheClosestKnownOne(@TempDir Path dir) throws Exception {
        // Synthetic rows; bandwith_gbps is a misspelling of the documented bandwidth_gbps.
        String header = "model,architecture,workers,local_batch,step_time_s,bandwith_gbps\n";
        StringBuilder train = new StringBuilder(header);
        StringBuilder test = new StringBuilder(header);
        for (int w : new int[] {1, 2, 4, 8}) {
            (w <= 2 ? train : test).append("alpha,allreduce," + w + ",32," + (0.32 + 0.05 * (w - 1)) + ",25\n");
        }
        Files.writeString(dir.resolve("train.csv"), train);
        Files.writeString(dir.resolve("test.csv"), test);
        Path out = dir.resolve("out");
        CliRun r = run("--train", dir.resolve("train.csv").toString(), "--test", dir.resolve("test.csv").toString(),
                "--targets", "step-time", "--out", out.toString());
        assertThat(r.code()).as(r.err()).isZero();
        assertThat(r.err()).contains("warning: " + dir.resolve("train.csv")
                + ": unknown column 'bandwith_gbps': did you mean bandwidth_gbps? (kept as a tag)");
        JsonNode notes = new ObjectMapper().readTree(out.resolve("results.json").toFile()).get("notes");
        assertThat(notes).isNotNull();
        assertThat(notes.toString()).contains("did you mean bandwidth_gbps?");
        CliRun strict = run("--train", dir.resolve("train.csv").toString(), "--test", dir.resolve("test.csv").toString(),
                "--strict");
        assertThat(strict.code()).isEqualTo(1);
        assertThat(strict.err()).contains("unknown column 'bandwith_gbps'", "without --strict")
                .doesNotContain("kept as");
    }

    @Test
    void badInvocationsFailWithAOneLineMessage() {
        CliRun missing = run("--train", "a.csv");
        assertThat(missing.code()).isEqualTo(2);
        assertThat(missing.err()).contains("--train and --test go together");
        CliRun unknown = run("--suite", "no-such-suite");
        assertThat(unknown.code()).isEqualTo(2);
        assertThat(unknown.err()).contains("no suite named 'no-such-suite'");
    }

    @Test
    void aSelectorTheRegistryLacksStopsTheRunBeforeAnyFit(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE + "    selectors: [courier, risk-awar]\n");
        CliRun r = run("--suite", suite.toString());
        assertThat(r.code()).isEqualTo(1);
        assertThat(r.err()).contains(suite + ": selection[0].selectors: no selector named 'risk-awar': did you mean"
                + " risk-aware? (registered: courier, risk-aware)").doesNotContain("evaluate: ");
    }

    @Test
    void aMisspelledSuiteIsAUsageErrorNamingTheClosestSuites() {
        CliRun typo = run("--suite", "paper-courir");
        assertThat(typo.code()).isEqualTo(2);
        assertThat(typo.err()).contains("no suite named 'paper-courir'").contains("did you mean paper-courier?");
        CliRun nosuch = run("--suite", "nosuch");
        assertThat(nosuch.code()).isEqualTo(2);
        assertThat(nosuch.err()).contains("built-in: default, paper-courier");
        assertThat(run("--suite", "default", "--threads", "0").code()).isEqualTo(2);
    }

    @Test
    void withoutATerminalProgressGoesToStderrAsLines(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        CliRun r = run("--suite", suite.toString());
        assertThat(r.code()).as(r.err()).isZero();
        // 3 predictors x (3 k-fold folds + 1 extrapolation fold) + 3 predictors x 5 selection folds (kfold:5:job)
        assertThat(r.err().lines().toList()).last().asString().startsWith("evaluate: 27/27 tasks, ")
                .contains(" elapsed");
    }

    @Test
    void predictionsParquetHoldsEveryScoredPoint(@TempDir Path dir) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        Path out = dir.resolve("out");
        CliRun r = run("--suite", suite.toString(), "--out", out.toString(), "--threads", "3");
        assertThat(r.code()).as(r.err()).isZero();
        JsonNode details = new ObjectMapper().readTree(out.resolve("details.json").toFile());
        int points = 0;
        for (JsonNode e : details.get("entries")) {
            points += e.get("n").asInt() + e.get("not_applicable").asInt();
        }
        List<Map<String, Object>> rows = new ArrayList<>();
        List<Map<String, Object>> charted = new ArrayList<>();
        try (var reader = io.stepcast.datasets.parquet.GenericRows.reader(out.resolve("predictions.parquet"))) {
            for (var row = reader.next(); row != null; row = reader.next()) {
                (row.get("role").equals("test") ? rows : charted).add(row);
            }
        }
        // The scored points are the test rows; the training points predicted for the scaling charts come after.
        assertThat(rows).hasSize(points).hasSizeGreaterThan(100);
        assertThat(charted).isNotEmpty().allMatch(row -> row.get("role").equals("train"));
        assertThat(rows.get(0).keySet()).contains("dataset", "protocol", "split", "predictor", "target", "model",
                "workers", "local_batch", "hardware", "measured", "predicted", "ape_percent");
        for (var row : rows) {
            assertThat(row.get("dataset")).isEqualTo("grid");
            assertThat(row.get("target")).isEqualTo("throughput");
            if (row.get("predictor").equals("synthetic-broken")) {
                assertThat(row).doesNotContainKeys("predicted", "ape_percent")
                        .containsEntry("refusal", "fit failed: IllegalStateException: synthetic failure");
            } else {
                assertThat(row).doesNotContainKey("refusal");
                double measured = (Double) row.get("measured");
                double predicted = (Double) row.get("predicted");
                assertThat((Double) row.get("ape_percent"))
                        .isCloseTo(100 * Math.abs(predicted - measured) / measured, org.assertj.core.api.Assertions.within(1e-9));
            }
            if (row.get("predictor").equals("synthetic-exact")) {
                assertThat((Double) row.get("ape_percent")).isLessThan(1e-9);
            }
        }
        assertThat(rows).extracting(x -> x.get("protocol")).containsOnly("kfold:3", "extrapolation:workers<=2");
        assertThat(Files.readString(out.resolve("report.md"))).contains("`predictions.parquet` (every prediction");
    }

    private static JsonNode find(JsonNode array, String predictor) {
        for (JsonNode n : array) {
            if (n.get("predictor").asText().equals(predictor)) {
                return n;
            }
        }
        throw new AssertionError("no entry for " + predictor);
    }
}
