package io.stepcast.evaluation.report;

import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.suite.SelectionEntry;
import io.stepcast.evaluation.suite.SuiteResult;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The one batch-size decision a dataset's batch-size-vs-latency chart draws: the job with the most candidates, at the
 * SLO on which the predictors' choices differ most (ties to the median SLO), and each predictor's outcome of that
 * decision. {@code details.json} keeps these outcomes ({@link ResultsJson}) so that {@code stepcast report} draws the
 * chart again from the files, which hold no other decision.
 *
 * @param dataset       the dataset
 * @param selectionCase the job and its measured latencies, at any of its SLOs
 * @param sloS          the SLO drawn
 * @param outcomes      per predictor, in the order of the entries, its outcome at this job and SLO (the one with
 *                      predicted latencies where it has several)
 */
public record DrawnDecision(String dataset, SelectionCase selectionCase, double sloS,
                            Map<String, SelectionOutcome> outcomes) {
    public DrawnDecision {
        outcomes = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(outcomes));
    }

    /** The selection entries of each dataset, in the order of the run. */
    static Map<String, List<SelectionEntry>> byDataset(SuiteResult r) {
        Map<String, List<SelectionEntry>> out = new LinkedHashMap<>();
        r.selection().forEach(e -> out.computeIfAbsent(e.dataset(), k -> new ArrayList<>()).add(e));
        return out;
    }

    /** The decision each dataset's chart draws, for the datasets with at least one decision. */
    public static List<DrawnDecision> of(SuiteResult r) {
        List<DrawnDecision> out = new ArrayList<>();
        byDataset(r).forEach((dataset, entries) -> of(dataset, entries).ifPresent(out::add));
        return out;
    }

    /** The decision drawn for one dataset's entries, or empty when none decided anything. */
    static Optional<DrawnDecision> of(String dataset, List<SelectionEntry> entries) {
        List<SelectionOutcome> all = entries.stream().flatMap(e -> e.outcomes().stream()).toList();
        if (all.isEmpty()) {
            return Optional.empty();
        }
        SelectionCase widest = all.stream().map(SelectionOutcome::selectionCase)
                .max(Comparator.comparingInt((SelectionCase c) -> c.candidates().size()).thenComparing(SelectionCase::job))
                .orElseThrow();
        List<Double> slos = all.stream().map(SelectionOutcome::selectionCase).filter(c -> c.job().equals(widest.job()))
                .map(SelectionCase::sloS).distinct().sorted().toList();
        // The SLO on which the predictors disagree most shows the most; ties go to the median SLO.
        double median = slos.get(slos.size() / 2);
        double slo = slos.stream().max(Comparator.comparingLong((Double x) -> all.stream()
                        .filter(o -> o.selectionCase().job().equals(widest.job()) && o.selectionCase().sloS() == x
                                && o.decided())
                        .mapToInt(o -> o.chosen().getAsInt()).distinct().count())
                .thenComparing(x -> -Math.abs(x - median))).orElse(median);
        Map<String, SelectionOutcome> outcomes = new LinkedHashMap<>();
        for (SelectionEntry e : entries) {
            List<SelectionOutcome> here = e.outcomes().stream().filter(x -> x.selectionCase().job().equals(widest.job())
                    && x.selectionCase().sloS() == slo).toList();
            here.stream().filter(x -> !x.predictedLatency().isEmpty()).findFirst()
                    .or(() -> here.stream().findFirst())
                    .ifPresent(o -> outcomes.putIfAbsent(e.predictor(), o));
        }
        return Optional.of(new DrawnDecision(dataset, widest, slo, outcomes));
    }
}
