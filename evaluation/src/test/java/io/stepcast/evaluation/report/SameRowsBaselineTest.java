package io.stepcast.evaluation.report;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.evaluation.metrics.SameRowsBaseline;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SuiteResult;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The reference baseline's MAPE on exactly the rows each predictor answered, on a small synthetic set of predictions:
 * four throughput rows (measured 100, 200, 300, 400 samples/s) of which {@code synthetic-partial} answers the first
 * three and {@code linear-scaling} the first, second and fourth, {@code synthetic-full} all four; and two response-time
 * rows, which have no baseline. Then the same figures in results.json, the console and Markdown leaderboards, and read
 * back from a run folder whose results.json predates the fields.
 */
class SameRowsBaselineTest {
    private static final String DATASET = "synthetic";
    private static final String PROTOCOL = "profile-only";

    private static ScoredPoint point(String predictor, Target target, int workers, double measured,
                                     Double predicted) {
        Measurements.Builder m = Measurements.builder();
        if (target == Target.THROUGHPUT) {
            m.throughputSamplesPerS(measured);
        } else {
            m.responseTimeS(measured);
        }
        Observation o = new Observation(Config.builder().model("synthetic").workers(workers).localBatch(32).build(),
                m.build(), "synthetic");
        return new ScoredPoint(DATASET, PROTOCOL, "synthetic-split", predictor, target, o, measured,
                predicted == null ? Prediction.notApplicable("synthetic refusal") : Prediction.of(predicted));
    }

    /** Throughput rows at 2, 4, 8 and 16 workers, then response-time rows at 2 and 4 workers. */
    private static List<ScoredPoint> points() {
        double[] measured = {100, 200, 300, 400};
        // APEs: linear-scaling 10, 15, -, 10; synthetic-partial 5, 5, 10, -; synthetic-full 20 on every row.
        Double[] linear = {110.0, 170.0, null, 440.0};
        Double[] partial = {105.0, 210.0, 330.0, null};
        List<ScoredPoint> out = new ArrayList<>();
        for (int i = 0; i < 4; i++) {
            out.add(point("synthetic-partial", Target.THROUGHPUT, 2 << i, measured[i], partial[i]));
        }
        for (int i = 0; i < 4; i++) {
            out.add(point(SameRowsBaseline.LINEAR_SCALING, Target.THROUGHPUT, 2 << i, measured[i], linear[i]));
        }
        for (int i = 0; i < 4; i++) {
            out.add(point("synthetic-full", Target.THROUGHPUT, 2 << i, measured[i], measured[i] * 1.2));
        }
        out.add(point("synthetic-full", Target.RESPONSE_TIME, 2, 10, 11.0));
        out.add(point("synthetic-full", Target.RESPONSE_TIME, 4, 20, 22.0));
        out.add(point(SameRowsBaseline.LINEAR_SCALING, Target.RESPONSE_TIME, 2, 10, null));
        out.add(point(SameRowsBaseline.LINEAR_SCALING, Target.RESPONSE_TIME, 4, 20, null));
        return out;
    }

    private static SuiteResult result() {
        List<ScoredPoint> points = points();
        return new SuiteResult("synthetic", "synthetic predictions", ScoreEntry.aggregate(points, false),
                ScoreEntry.aggregate(points, true), List.of(), List.of(), points, Map.of(), List.of(), Map.of(),
                List.of());
    }

    private static ScoreEntry entry(List<ScoreEntry> entries, String predictor, Target target) {
        return entries.stream().filter(e -> e.predictor().equals(predictor) && e.target().equals(target.label()))
                .findFirst().orElseThrow();
    }

    @Test
    void theBaselineIsScoredOnTheRowsBothAnsweredAndSaysHowMany() {
        List<ScoreEntry> entries = result().entries();
        ScoreEntry partial = entry(entries, "synthetic-partial", Target.THROUGHPUT);
        assertThat(partial.metrics().n()).isEqualTo(3);
        assertThat(partial.metrics().mape()).isCloseTo(20.0 / 3, within(1e-9));
        // Of its rows 100, 200, 300 linear-scaling answered 100 and 200 only: (10 + 15) / 2.
        SameRowsBaseline b = partial.baseline().orElseThrow();
        assertThat(b.baseline()).isEqualTo("linear-scaling");
        assertThat(b.n()).isEqualTo(2);
        assertThat(b.mape()).isCloseTo(12.5, within(1e-9));

        // On every row: linear-scaling's three answered rows, (10 + 15 + 10) / 3, its own MAPE exactly.
        ScoreEntry full = entry(entries, "synthetic-full", Target.THROUGHPUT);
        ScoreEntry linear = entry(entries, "linear-scaling", Target.THROUGHPUT);
        assertThat(full.baseline().orElseThrow().n()).isEqualTo(3);
        assertThat(full.baseline().orElseThrow().mape()).isCloseTo(35.0 / 3, within(1e-9));
        assertThat(linear.baseline().orElseThrow().mape()).isEqualTo(linear.metrics().mape());
        assertThat(linear.baseline().orElseThrow().n()).isEqualTo(3);

        // Response time has no reference baseline, though linear-scaling was run (and declined) there.
        assertThat(entry(entries, "synthetic-full", Target.RESPONSE_TIME).baseline()).isEmpty();
        // Per model, over the one model, the same figures.
        assertThat(entry(result().perModel(), "synthetic-partial", Target.THROUGHPUT).baseline()).contains(b);
    }

    @Test
    void withoutTheBaselineAmongThePredictorsThereIsNothingToCompare() {
        List<ScoredPoint> without = points().stream()
                .filter(p -> !p.predictor().equals(SameRowsBaseline.LINEAR_SCALING)).toList();
        assertThat(ScoreEntry.aggregate(without, false)).allSatisfy(e -> assertThat(e.baseline()).isEmpty());
    }

    @Test
    void resultsJsonAndTheLeaderboardsShowTheFigure() throws Exception {
        SuiteResult r = result();
        JsonNode json = new ObjectMapper().readTree(ResultsJson.of(r));
        JsonNode partial = byPredictor(json, "synthetic-partial", "throughput");
        assertThat(partial.get("baseline").asText()).isEqualTo("linear-scaling");
        assertThat(partial.get("baseline_mape_same_rows").asDouble()).isCloseTo(12.5, within(1e-9));
        assertThat(partial.get("baseline_n_same_rows").asInt()).isEqualTo(2);
        JsonNode response = byPredictor(json, "synthetic-full", "response-time");
        assertThat(response.get("baseline").isNull()).isTrue();
        assertThat(response.get("baseline_mape_same_rows").isNull()).isTrue();
        assertThat(response.get("baseline_n_same_rows").isNull()).isTrue();

        String console = Leaderboard.plain(r);
        assertThat(console).contains("linear-scaling on the same rows %");
        assertThat(line(console, "synthetic-partial")).endsWith("12.5 (2 of 3)");
        assertThat(line(console, "synthetic-full")).endsWith("11.7 (3 of 4)");
        assertThat(line(console, "linear-scaling")).endsWith("11.7");
        // The response-time table goes without the column.
        String responseTable = console.substring(console.indexOf("| response-time"));
        assertThat(responseTable).doesNotContain("same rows");

        assertThat(Leaderboard.markdown(r)).contains("| linear-scaling on the same rows % |", "| 12.5 (2 of 3) |");
    }

    @Test
    void aRunWhoseResultsJsonPredatesTheFieldsIsDrawnAgainWithTheFigureFromItsPredictions(@TempDir Path dir)
            throws Exception {
        SuiteResult r = result();
        ReportWriter.write(r, dir, "stepcast evaluate --out " + dir);
        String report = Files.readString(dir.resolve("report.md"));
        ObjectMapper json = new ObjectMapper();
        ObjectNode old = (ObjectNode) json.readTree(dir.resolve(SavedRun.RESULTS).toFile());
        old.withArray("entries").forEach(e -> ((ObjectNode) e).remove(List.of("baseline", "baseline_mape_same_rows",
                "baseline_n_same_rows")));
        Files.writeString(dir.resolve(SavedRun.RESULTS), json.writeValueAsString(old));

        SuiteResult again = SavedRun.read(dir).result();
        assertThat(again.entries()).extracting(ScoreEntry::baseline)
                .containsExactlyElementsOf(r.entries().stream().map(ScoreEntry::baseline).toList());
        assertThat(ReportWriter.markdown(again, Charts.write(again, dir), "stepcast evaluate --out " + dir))
                .isEqualTo(report);
        assertThat(report).contains("`linear-scaling on the same rows %`: the baseline's MAPE on exactly the points");
    }

    private static JsonNode byPredictor(JsonNode json, String predictor, String target) {
        for (JsonNode e : json.get("entries")) {
            if (e.get("predictor").asText().equals(predictor) && e.get("target").asText().equals(target)) {
                return e;
            }
        }
        throw new AssertionError("no entry of " + predictor + " on " + target);
    }

    /** The first console line of the throughput table that starts with the predictor. */
    private static String line(String console, String predictor) {
        return console.lines().filter(l -> l.startsWith(predictor + " ")).findFirst().orElseThrow();
    }
}
