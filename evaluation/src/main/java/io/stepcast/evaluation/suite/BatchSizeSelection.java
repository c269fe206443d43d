package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchObjective;
import io.stepcast.api.selection.SelectorInputs;
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
import java.util.Set;
import java.util.TreeSet;

/**
 * One batch-size selection scoring of a suite, planned: the jobs of a dataset with their SLOs, the folds
 * that hold each job out of the time predictor's fit, and the predictors scored. Each job is decided in the
 * first fold that holds all of it out. The fits are not made here: a {@link SelectionFits} fits each
 * (fold, predictor) once for every selection that shares its folds, and hands each of them the predictor
 * ({@link #decide}); {@link #entry} puts a predictor's decisions together in fold order.
 *
 * <p>Decisions are made by the registered selectors the plan hands it ({@link SelectionRule}s, each labelled as
 * that record says): the selection's {@code selectors}, or Courier's rule and the risk-aware rule at each of its risk
 * levels. When one of them judges latency intervals the predictor is a
 * {@link io.stepcast.models.uncertainty.SplitConformalEstimator}'s (refit mode: its points, and so the decisions of
 * the rules on points, are those of the plain fit). With a goodput objective,
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
    private final Optional<BatchObjective> objective;
    private final List<SelectionRule> rules;

    /**
     * What one predictor decided in one fold.
     *
     * @param byRule one list of outcomes per rule, in the selection's order of rules (empty lists for a fold that
     *               decided nothing)
     */
    record FoldDecisions(List<List<SelectionOutcome>> byRule, Set<String> failures, boolean unsupported) {
    }

    /** @param rules the selectors every job is decided with, in the order their entries are listed */
    BatchSizeSelection(String dataset, Target latency, BatchScope scope, SelectionScorer scorer,
                       Optional<Predictor> accuracy, List<SelectionCase> cases, List<Split> splits,
                       Map<String, Estimator> predictors, List<SelectionRule> rules, Optional<BatchObjective> objective) {
        this.rules = List.copyOf(rules);
        this.dataset = objective.isPresent() ? dataset + " goodput" : dataset;
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

    /** True when one of the selection's rules judges latency intervals, which need a calibrated predictor. */
    boolean needsIntervals() {
        return rules.stream().anyMatch(SelectionRule::judgesIntervals);
    }

    /** The jobs fold {@code index} decides, in the order its decisions list them. */
    List<SelectionCase> cases(int index) {
        return casesPerSplit.get(index);
    }

    /** Decisions of nothing: a fold without a job of this selection, or a predictor it does not score. */
    FoldDecisions none() {
        return new FoldDecisions(emptyByRule(), Set.of(), false);
    }

    /**
     * Decides {@code cases} with one fitted latency predictor by each rule, and appends the outcomes.
     *
     * @param p       fitted on a training side that holds the jobs of {@code cases} out
     * @param byRule  one list per rule
     */
    void decide(Predictor p, List<SelectionCase> cases, List<List<SelectionOutcome>> byRule) {
        SelectorInputs in = new SelectorInputs(p, latency, accuracy, scope,
                objective.orElse(BatchObjective.largestBatch()));
        for (int r = 0; r < rules.size(); r++) {
            SelectionRule rule = rules.get(r);
            byRule.get(r).addAll(scorer.decideAll(rule.factory().create(in, rule.parameters()), cases));
        }
    }

    /** One empty, growable list of outcomes per rule. */
    List<List<SelectionOutcome>> emptyByRule() {
        List<List<SelectionOutcome>> out = new ArrayList<>();
        rules.forEach(r -> out.add(new ArrayList<>()));
        return out;
    }

    /** The entries of one predictor, one per rule in the selection's order. */
    List<SelectionEntry> entries(String label, List<FoldDecisions> folds) {
        List<SelectionEntry> out = new ArrayList<>();
        for (int r = 0; r < rules.size(); r++) {
            out.add(entry(rules.get(r).label(label), folds, r));
        }
        return out;
    }

    /** The entry of one predictor by rule {@code rule} from its decisions in every fold, in fold order. */
    private SelectionEntry entry(String label, List<FoldDecisions> folds, int rule) {
        if (folds.stream().anyMatch(FoldDecisions::unsupported)) {
            return new SelectionEntry(dataset, label, SelectionScorer.summarise(List.of()), List.of(),
                    "does not predict " + latency.label());
        }
        List<SelectionOutcome> outcomes = new ArrayList<>();
        Set<String> failures = new TreeSet<>();
        for (FoldDecisions f : folds) {
            if (!f.byRule().isEmpty()) {
                outcomes.addAll(f.byRule().get(rule));
            }
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
