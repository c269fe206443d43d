package io.stepcast.app.cli;

import io.stepcast.evaluation.SyntheticSuites;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end over the synthetic plugin (synthetic observations, mechanics only): {@code stepcast evaluate --out}
 * writes a report that opens with the scaling charts, then the leaderboard, with unique chart titles and the
 * training and held-out points charted apart (the charts themselves: {@code ScalingChartsTest} of the
 * evaluation module); {@code stepcast report DIR} draws the same report again from the
 * files alone, and refuses a missing or bad file with one line naming it.
 */
class ReportCommandTest {
    /** With a batch-size selection: the decision its chart draws is kept in details.json and drawn again. */
    private static final String SUITE = SyntheticSuites.REPORT;

    private static CliRun stepcast(String... args) {
        return CliRun.stepcast(CliRun.synthetic(), args);
    }

    private static Path evaluate(Path dir) throws Exception {
        Path suite = dir.resolve("suite.yaml");
        Files.writeString(suite, SUITE);
        Path out = dir.resolve("out");
        CliRun r = stepcast("evaluate", "--suite", suite.toString(), "--out", out.toString(), "--threads", "2");
        assertThat(r.code()).as(r.err()).isZero();
        return out;
    }

    private static Map<String, byte[]> charts(Path out) throws Exception {
        Map<String, byte[]> all = new TreeMap<>();
        try (var s = Files.list(out.resolve("charts"))) {
            for (Path p : s.toList()) {
                all.put(p.getFileName().toString(), Files.readAllBytes(p));
            }
        }
        return all;
    }

    @Test
    void reportDrawsTheSameReportAndChartsAgainFromTheFilesAlone(@TempDir Path dir) throws Exception {
        Path out = evaluate(dir);
        String md = Files.readString(out.resolve("report.md"));
        String html = Files.readString(out.resolve("report.html"));
        Map<String, byte[]> charts = charts(out);
        Files.delete(out.resolve("report.md"));
        Files.delete(out.resolve("report.html"));
        for (String c : charts.keySet()) {
            Files.delete(out.resolve("charts").resolve(c));
        }

        CliRun again = stepcast("report", out.toString());
        assertThat(again.code()).as(again.err()).isZero();
        assertThat(again.out()).contains("report.md", "report.html and " + charts.size() + " charts");
        assertThat(Files.readString(out.resolve("report.md"))).isEqualTo(md);
        assertThat(Files.readString(out.resolve("report.html"))).isEqualTo(html);
        Map<String, byte[]> redrawn = charts(out);
        // Every chart the run drew, the batch-size-vs-latency chart among them.
        assertThat(charts.keySet()).anyMatch(n -> n.startsWith("batch-latency-"));
        assertThat(redrawn.keySet()).isEqualTo(charts.keySet());
        charts.forEach((name, png) -> assertThat(redrawn.get(name)).as(name).isEqualTo(png));
    }

    @Test
    void theReportOpensWithTheScalingChartsThenTheLeaderboardAndTitlesAreUnique(@TempDir Path dir) throws Exception {
        Path out = evaluate(dir);
        String html = Files.readString(out.resolve("report.html"));
        int firstChart = html.indexOf("<img");
        int leaderboard = html.indexOf("<h2>Leaderboard</h2>");
        assertThat(firstChart).isPositive();
        assertThat(leaderboard).isGreaterThan(firstChart);
        assertThat(html.indexOf("<table>")).isGreaterThan(leaderboard);
        assertThat(html.substring(0, firstChart)).contains("<h2>Scaling</h2>")
                .contains("<h3>alpha on grid: step time vs workers, extrapolation:workers&lt;=2</h3>");

        List<String> titles = new ArrayList<>();
        Matcher m = Pattern.compile("<figure><h3>(.*?)</h3>").matcher(html);
        while (m.find()) {
            titles.add(m.group(1));
        }
        assertThat(titles).hasSizeGreaterThan(4).doesNotHaveDuplicates();
        assertThat(html).contains("charts/scaling-step-time-vs-workers-1.png");
    }

    @Test
    void aMissingOrBadFileIsOneLineNamingItWithExitCodeOne(@TempDir Path dir) throws Exception {
        Path out = evaluate(dir);
        Files.writeString(out.resolve("predictions.parquet"), "not parquet");
        CliRun bad = stepcast("report", out.toString());
        assertThat(bad.code()).isEqualTo(1);
        assertThat(bad.err().strip()).doesNotContain("\n").contains(out.resolve("predictions.parquet").toString());

        Files.delete(out.resolve("results.json"));
        CliRun missing = stepcast("report", out.toString());
        assertThat(missing.code()).isEqualTo(1);
        assertThat(missing.err().strip()).doesNotContain("\n")
                .isEqualTo("stepcast: error: " + out.resolve("results.json") + ": no such file (stepcast evaluate --out "
                        + out + " writes it)");

        Files.writeString(out.resolve("results.json"), "{\"suite\": 3}");
        CliRun wrong = stepcast("report", out.toString());
        assertThat(wrong.code()).isEqualTo(1);
        assertThat(wrong.err()).contains("results.json: field suite missing or not a text");

        assertThat(stepcast("report").code()).isEqualTo(2);
    }
}
