package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchObjective;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScorer;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeSet;

/**
 * One batch-size selection scoring of a suite, planned: the jobs of a dataset with their SLOs, the folds
 * that hold each job out of the time predictor's fit, and the predictors scored. Each job is decided in the
 * first fold that holds all of it out. The fits are not made here: a {@link SelectionFits} fits each
 * (fold, predictor) once for every selection that shares its folds, and hands each of them the predictor
 * ({@link #decide}); {@link #entry} puts a predictor's decisions together in fold order.
 *
 * <p>Decisions are made by the registered selectors the plan hands it ({@link Selectors}): Courier's rule for every
 * predictor and, with risk levels, the risk-aware rule at each level, listed as {@code "<label> risk=<alpha>"}; the
 * predictor is then a {@link io.stepcast.models.uncertainty.SplitConformalEstimator}'s (refit mode: its points, and
 * so its Courier decisions, are those of the plain fit). With a goodput objective,
 * every selector maximises predicted goodput among its feasible candidates and the entries' dataset reads
 * {@code "<dataset> goodput"}.
 */
final class BatchSizeSelection {
    private final String dataset;
    private final Target latency;
    private final BatchScope scope;
    private final SelectionScorer scorer;
    private final Optional<Predictor> accuracy;
    private final List<Split> splits;
    /** Per fold, the jobs it decides (those not decided by an earlier fold). */
    private final List<List<SelectionCase>> casesPerSplit;
    private final Map<String, Estimator> predictors;
    private final List<Double> risks;
    private final Optional<BatchObjective> objective;
    private final Selectors selectors;

    /**
     * The registered selectors a selection decides with.
     *
     * @param plain  decides on point predictions, for every predictor
     * @param risky  decides on latency intervals, at each of the selection's risk levels
     */
    record Selectors(SelectorFactory plain, SelectorFactory risky) {
    }

    /** What one predictor decided in one fold: by Courier's rule, and by the risk-aware rule at each level. */
    record FoldDecisions(List<SelectionOutcome> outcomes, List<List<SelectionOutcome>> risky, Set<String> failures,
                         boolean unsupported) {
    }

    BatchSizeSelection(String dataset, Target latency, BatchScope scope, SelectionScorer scorer,
                       Optional<Predictor> accuracy, List<SelectionCase> cases, List<Split> splits,
                       Map<String, Estimator> predictors, List<Double> risks, Optional<BatchObjective> objective,
                       Selectors selectors) {
        this.selectors = selectors;
        this.dataset = objective.isPresent() ? dataset + " goodput" : dataset;
        this.risks = List.copyOf(risks);
        this.objective = objective;
        this.latency = latency;
        this.scope = scope;
        this.scorer = scorer;
        this.accuracy = accuracy;
        this.splits = List.copyOf(splits);
        this.predictors = new LinkedHashMap<>(predictors);
        Set<String> decided = new HashSet<>();
        List<List<SelectionCase>> perSplit = new ArrayList<>();
        for (Split split : splits) {
            Set<String> testJobs = wholeJobsOnTestSide(split);
            List<SelectionCase> mine = cases.stream()
                    .filter(c -> testJobs.contains(c.job()) && !decided.contains(c.job())).toList();
            mine.forEach(c -> decided.add(c.job()));
            perSplit.add(mine);
        }
        this.casesPerSplit = List.copyOf(perSplit);
    }

    String dataset() {
        return dataset;
    }

    /** The latency the SLOs constrain: the one target the predictors are fitted for. */
    Target latency() {
        return latency;
    }

    List<Split> splits() {
        return splits;
    }

    Map<String, Estimator> predictors() {
        return predictors;
    }

    /** True when the selection scores risk-aware rules, which need a predictor with calibrated intervals. */
    boolean risky() {
        return !risks.isEmpty();
    }

    /** The jobs fold {@code index} decides, in the order its decisions list them. */
    List<SelectionCase> cases(int index) {
        return casesPerSplit.get(index);
    }

    /** Decisions of nothing: a fold without a job of this selection, or a predictor it does not score. */
    FoldDecisions none() {
        return new FoldDecisions(List.of(), emptyRisky(), Set.of(), false);
    }

    /**
     * Decides {@code cases} with one fitted latency predictor, by Courier's rule and at each risk level, and
     * appends the outcomes.
     *
     * @param p       fitted on a training side that holds the jobs of {@code cases} out
     * @param risky   one list per risk level
     */
    void decide(Predictor p, List<SelectionCase> cases, List<SelectionOutcome> outcomes,
                List<List<SelectionOutcome>> risky) {
        SelectorInputs in = new SelectorInputs(p, latency, accuracy, scope,
                objective.orElse(BatchObjective.largestBatch()));
        outcomes.addAll(scorer.decideAll(selectors.plain().create(in,
                selectors.plain().resolve(SelectorParameters.none())), cases));
        for (int r = 0; r < risks.size(); r++) {
            SelectorParameters atLevel = new SelectorParameters(OptionalDouble.empty(), OptionalDouble.of(risks.get(r)));
            risky.get(r).addAll(scorer.decideAll(selectors.risky().create(in, selectors.risky().resolve(atLevel)),
                    cases));
        }
    }

    List<List<SelectionOutcome>> emptyRisky() {
        List<List<SelectionOutcome>> out = new ArrayList<>();
        risks.forEach(r -> out.add(new ArrayList<>()));
        return out;
    }

    /** The entries of one predictor: Courier's rule, then the risk-aware rule at each level. */
    List<SelectionEntry> entries(String label, List<FoldDecisions> folds) {
        List<SelectionEntry> out = new ArrayList<>();
        out.add(entry(label, folds));
        for (int r = 0; r < risks.size(); r++) {
            int level = r;
            out.add(entry(label + " risk=" + risks.get(r), folds.stream().map(f -> new FoldDecisions(
                    f.risky().isEmpty() ? List.of() : f.risky().get(level), List.of(), f.failures(), f.unsupported()))
                    .toList()));
        }
        return out;
    }

    /** The entry of one predictor from its decisions in every fold, in fold order. */
    SelectionEntry entry(String label, List<FoldDecisions> folds) {
        if (folds.stream().anyMatch(FoldDecisions::unsupported)) {
            return new SelectionEntry(dataset, label, SelectionScorer.summarise(List.of()), List.of(),
                    "does not predict " + latency.label());
        }
        List<SelectionOutcome> outcomes = new ArrayList<>();
        Set<String> failures = new TreeSet<>();
        for (FoldDecisions f : folds) {
            outcomes.addAll(f.outcomes());
            failures.addAll(f.failures());
        }
        return new SelectionEntry(dataset, label, SelectionScorer.summarise(outcomes), outcomes,
                String.join("; ", failures));
    }

    /** Jobs all of whose observations are held out in this split (no part of them is trained on). */
    private static Set<String> wholeJobsOnTestSide(Split split) {
        Set<String> train = new HashSet<>();
        split.training().observations().forEach(o -> train.add(Attributes.job(o)));
        Set<String> test = new HashSet<>();
        split.test().forEach(o -> test.add(Attributes.job(o)));
        test.removeAll(train);
        return test;
    }
}
