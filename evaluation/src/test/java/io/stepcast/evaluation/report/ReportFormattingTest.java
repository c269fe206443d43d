package io.stepcast.evaluation.report;

import io.stepcast.evaluation.metrics.ErrorMetrics;
import io.stepcast.evaluation.suite.ScoreEntry;
import io.stepcast.evaluation.suite.SuiteResult;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** How the reports print numbers, columns and predictors that answer nothing (synthetic entries). */
class ReportFormattingTest {

    @Test
    void aValueThatRoundsToZeroHasNoSign() {
        assertThat(Leaderboard.f(-0.00004, 1)).isEqualTo("0.0");
        assertThat(Leaderboard.f(-0.06, 1)).isEqualTo("-0.1");
    }

    @Test
    void aHugeErrorIsPrintedInENotationSoThatItDoesNotWidenTheTable() {
        assertThat(Leaderboard.f(522317693449.7, 1)).isEqualTo("5.223e+11");
        assertThat(Leaderboard.f(-9.9e20, 3)).isEqualTo("-9.900e+20");
        assertThat(Leaderboard.f(999999.94, 1)).isEqualTo("999999.9");
    }

    @Test
    void longNumbersOfARefusalReasonAreRoundedToFourSignificantDigits() {
        assertThat(Leaderboard.rounded("transfers alone take 0.123456789 s at 9.87654321 Gbit/s (stepcast 1.15.2)"))
                .isEqualTo("transfers alone take 0.1235 s at 9.877 Gbit/s (stepcast 1.15.2)");
    }

    @Test
    void textColumnsAreLeftAlignedAndNumbersRightAligned() {
        String t = Leaderboard.table(new String[] {"predictor", "MAPE %"},
                List.of(new String[] {"a", "1.0"}, new String[] {"long-name", "10.0"}), false);
        assertThat(t.split("\n")).containsExactly("predictor  MAPE %", "-".repeat(19), "a             1.0",
                "long-name    10.0");
        String md = Leaderboard.table(new String[] {"predictor", "MAPE %"}, List.<String[]>of(new String[] {"a", "1.0"}),
                true);
        assertThat(md.split("\n")[1]).isEqualTo("|:---------|------:|");
    }

    @Test
    void aPredictorThatAnswersNothingIsListedOnceWithItsReason() {
        ScoreEntry answered = new ScoreEntry("d", "kfold:5", "good", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[] {1, 2}, new double[] {1, 2}, 0), Map.of());
        ScoreEntry none = new ScoreEntry("d", "kfold:5", "silent", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 2), Map.of("does not predict throughput", 2));
        ScoreEntry noneAgain = new ScoreEntry("e", "kfold:5", "silent", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 3), Map.of("does not predict throughput", 3));
        assertThat(Leaderboard.silent(List.of(answered, none, noneAgain)))
                .containsExactly(Map.entry("silent", "does not predict throughput"));
    }

    @Test
    void aPredictorThatAnswersElsewhereButNoPointOfAGroupSaysWhyUnderItsTable() {
        // Synthetic entries: "physical" answers the k-fold points but none of the cross-hardware ones.
        ScoreEntry kfold = new ScoreEntry("d", "kfold:3", "physical", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[] {1, 2}, new double[] {1, 2}, 0), Map.of());
        ScoreEntry crossed = new ScoreEntry("d", "cross-hardware", "physical", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 4), Map.of("physical was not fitted for net@b", 4));
        ScoreEntry other = new ScoreEntry("d", "cross-hardware", "other", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[] {1, 2}, new double[] {1.1, 2}, 0), Map.of());
        SuiteResult r = new SuiteResult("synthetic", "synthetic entries", List.of(kfold, crossed, other), List.of(),
                List.of(), List.of(), List.of(), Map.of(), List.of(), Map.of(), List.of());
        String text = Leaderboard.plain(r);
        assertThat(text).contains("  physical answered none: physical was not fitted for net@b\n")
                .doesNotContain("not applicable in this suite");
        assertThat(text.indexOf("answered none")).isGreaterThan(text.indexOf("cross-hardware"));
    }

    @Test
    void predictorsWithOneReasonShareItsLineAndALaterTableNamesTheFirst() {
        // Synthetic entries: "a" and "b" answer the throughput points of d and e but neither table's step times, for
        // one reason; "c" answers everything.
        List<ScoreEntry> entries = new ArrayList<>();
        for (String dataset : List.of("d", "e")) {
            for (String predictor : List.of("a", "b")) {
                entries.add(new ScoreEntry(dataset, "kfold:3", predictor, "throughput", ScoreEntry.ALL_MODELS,
                        ErrorMetrics.of(new double[] {1, 2}, new double[] {1, 2}, 0), Map.of()));
                entries.add(new ScoreEntry(dataset, "kfold:3", predictor, "step-time", ScoreEntry.ALL_MODELS,
                        ErrorMetrics.of(new double[0], new double[0], 2), Map.of("no step time was measured", 2)));
            }
            entries.add(new ScoreEntry(dataset, "kfold:3", "c", "step-time", ScoreEntry.ALL_MODELS,
                    ErrorMetrics.of(new double[] {1, 2}, new double[] {1, 2}, 0), Map.of()));
        }
        SuiteResult r = new SuiteResult("synthetic", "synthetic entries", entries, List.of(), List.of(), List.of(),
                List.of(), Map.of(), List.of(), Map.of(), List.of());
        List<String> lines = Leaderboard.plain(r).lines().filter(l -> l.contains("answered none")).toList();
        assertThat(lines).containsExactly("  a, b answered none: no step time was measured",
                "  a, b answered none: as under d | kfold:3 | step-time");
    }

    @Test
    void nothingRankedNamesAFittedPredictorsReasonBeforeAFitFailureCountedOnEveryPoint() {
        // Synthetic entries: "few" could not be fitted (refusing all 6 points for it), "physical" was fitted but the
        // test rows ran on hardware its training rows lack (2 points).
        ScoreEntry few = new ScoreEntry("d", "train-test", "few", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 6), Map.of("cannot fit: few needs 4 configurations", 6));
        ScoreEntry physical = new ScoreEntry("d", "train-test", "physical", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 2), Map.of("hardware 'b' was not in the training data", 2));
        SuiteResult r = new SuiteResult("synthetic", "synthetic entries", List.of(few, physical), List.of(), List.of(),
                List.of(), List.of(), Map.of(), List.of(), Map.of(), List.of());
        assertThat(Leaderboard.nothingRanked(r)).hasValueSatisfying(why -> assertThat(why).endsWith(
                "the most frequent reason of a fitted predictor (2 of 8 refusals): hardware 'b' was not in the training"
                        + " data"));
        SuiteResult unfitted = new SuiteResult("synthetic", "synthetic entries", List.of(few), List.of(), List.of(),
                List.of(), List.of(), Map.of(), List.of(), Map.of(), List.of());
        assertThat(Leaderboard.nothingRanked(unfitted)).hasValueSatisfying(why -> assertThat(why).endsWith(
                "the most frequent reason (6 of 6 refusals): cannot fit: few needs 4 configurations"));
    }

    @Test
    void aPredictorRefusedForSeveralReasonsSaysHowManyItsReasonCovers() {
        ScoreEntry mixed = new ScoreEntry("d", "kfold:5", "physical", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[0], new double[0], 5), Map.of("not at tf32 (column precision)", 3,
                        "hardware 'b' was not in the training data", 2));
        assertThat(Leaderboard.silent(List.of(mixed))).containsExactly(Map.entry("physical",
                "not at tf32 (column precision) (3 of 5 refusals; 1 other reason(s), each in --out's details.json)"));
    }

    @Test
    void aPredictorRefusedOnEachDatasetForItsOwnReasonSaysEachDatasetsReason() {
        // The refusals overhead-transfer gave on DLPerf's two tables (Oneflow-Inc/DLPerf@0770fdf8, as
        // docs/examples/dlperf-v100-suite.yaml splits them): counted over both, ResNet-50's reason stood for BERT's.
        String why = "overhead-transfer: no other hardware ran %s on %d GPUs over %d nodes (at any batch) and %s at"
                + " local batch %d in fp32 alone on one GPU in the training data";
        Map<String, Integer> resnet = new java.util.LinkedHashMap<>();
        resnet.put(String.format(why, "ResNet-50", 16, 2, "ResNet-50", 128), 5);
        resnet.put(String.format(why, "ResNet-50", 32, 4, "ResNet-50", 128), 5);
        resnet.put(String.format(why, "ResNet-50", 16, 2, "ResNet-50", 96), 1);
        resnet.put(String.format(why, "ResNet-50", 32, 4, "ResNet-50", 96), 1);
        Map<String, Integer> bert = new java.util.LinkedHashMap<>();
        String b = "BERT-base-seq128";
        bert.put(String.format(why, b, 16, 2, b, 32), 4);
        bert.put(String.format(why, b, 32, 4, b, 32), 4);
        bert.put(String.format(why, b, 16, 2, b, 64), 2);
        bert.put(String.format(why, b, 16, 2, b, 96), 2);
        bert.put(String.format(why, b, 32, 4, b, 64), 2);
        bert.put(String.format(why, b, 32, 4, b, 96), 2);
        String protocol = "extrapolation:nodes<=1:framework";
        List<ScoreEntry> entries = List.of(
                new ScoreEntry("dlperf-resnet50", protocol, "overhead-transfer", "throughput", ScoreEntry.ALL_MODELS,
                        ErrorMetrics.of(new double[0], new double[0], 12), resnet),
                new ScoreEntry("dlperf-bert-base", protocol, "overhead-transfer", "throughput", ScoreEntry.ALL_MODELS,
                        ErrorMetrics.of(new double[0], new double[0], 16), bert));
        assertThat(Leaderboard.silent(entries)).containsExactly(Map.entry("overhead-transfer", "[dlperf-resnet50] "
                + String.format(why, "ResNet-50", 16, 2, "ResNet-50", 128) + " (5 of 12 refusals; 3 other reason(s),"
                + " each in --out's details.json); [dlperf-bert-base] " + String.format(why, b, 16, 2, b, 32)
                + " (4 of 16 refusals; 5 other reason(s), each in --out's details.json)"));
    }

    @Test
    void predictorsThatExtrapolatedSomePointsSayHowManyUnderTheTableOnceEach() {
        // Synthetic entries: "tree" and "sgd" answered 3 points, 2 of them past the trained workers, with the same notes;
        // "form" answered all 3 within its domain; "lone" has a single note.
        Map<String, Integer> notes = new java.util.LinkedHashMap<>();
        notes.put("workers 64 is outside the trained range 1-8", 1);
        notes.put("workers 32 is outside the trained range 1-8", 1);
        List<ScoreEntry> entries = new ArrayList<>();
        for (String predictor : List.of("tree", "sgd")) {
            entries.add(new ScoreEntry("d", "train-test", predictor, "throughput", ScoreEntry.ALL_MODELS,
                    ErrorMetrics.of(new double[] {1, 2, 3}, new double[] {1, 2, 3}, 0), Map.of(),
                    java.util.Optional.empty(), notes));
        }
        entries.add(new ScoreEntry("d", "train-test", "lone", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[] {1, 2, 3}, new double[] {1, 2, 3.5}, 0), Map.of(), java.util.Optional.empty(),
                Map.of("nodes 8 is outside the trained range, 1 only", 3)));
        entries.add(new ScoreEntry("d", "train-test", "form", "throughput", ScoreEntry.ALL_MODELS,
                ErrorMetrics.of(new double[] {1, 2, 3}, new double[] {1, 2, 3.1}, 0), Map.of()));
        SuiteResult r = new SuiteResult("synthetic", "synthetic entries", entries, List.of(), List.of(), List.of(),
                List.of(), Map.of(), List.of(), Map.of(), List.of());
        List<String> lines = Leaderboard.plain(r).lines().filter(l -> l.contains("extrapolated")).toList();
        assertThat(lines).containsExactly("  sgd, tree extrapolated 2 of 3 answered points, e.g. workers 32 is outside"
                + " the trained range 1-8 (2 distinct notes, each in --out's details.json)",
                "  lone extrapolated 3 of 3 answered points: nodes 8 is outside the trained range, 1 only");
        assertThat(ResultsJson.of(r)).contains("\"extrapolated\" : 2", "\"extrapolated\" : 0");
    }
}
