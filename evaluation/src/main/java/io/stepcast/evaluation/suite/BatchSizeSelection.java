package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchObjective;
import io.stepcast.api.selection.CourierSelector;
import io.stepcast.api.selection.RiskAwareSelector;
import io.stepcast.api.uncertainty.SplitConformalEstimator;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScorer;

import java.util.ArrayList;
import java.util.Comparator;
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
 * first fold that holds all of it out. A predictor's decisions in one fold ({@link #decide}) are independent
 * of every other fold and predictor, so they run as separate tasks; {@link #entry} puts them together in
 * fold order.
 *
 * <p>With risk levels, each predictor is fitted through a {@link SplitConformalEstimator} (refit mode: its
 * points, and so its Courier decisions, are those of the plain fit) and is also scored as a
 * {@link RiskAwareSelector} at each level, listed as {@code "<label> risk=<alpha>"}. With a goodput objective,
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
    /** Present when each job's smallest batch is given to the fit: adds it (and its profile) to a training side. */
    private final Optional<SmallestBatch> smallestBatch;
    private final List<Double> risks;
    private final Optional<BatchObjective> objective;

    /** Adds a job's smallest-batch observation, and the profiles that go with it, to a training side. */
    interface SmallestBatch {
        TrainingSet augment(TrainingSet training);
    }

    /** What one predictor decided in one fold: by Courier's rule, and by the risk-aware rule at each level. */
    record FoldDecisions(List<SelectionOutcome> outcomes, List<List<SelectionOutcome>> risky, Set<String> failures,
                         boolean unsupported) {
    }

    BatchSizeSelection(String dataset, Target latency, BatchScope scope, SelectionScorer scorer,
                       Optional<Predictor> accuracy, List<SelectionCase> cases, List<Split> splits,
                       Map<String, Estimator> predictors, Optional<SmallestBatch> smallestBatch, List<Double> risks,
                       Optional<BatchObjective> objective) {
        this.dataset = objective.isPresent() ? dataset + " goodput" : dataset;
        this.risks = List.copyOf(risks);
        this.objective = objective;
        this.latency = latency;
        this.scope = scope;
        this.scorer = scorer;
        this.accuracy = accuracy;
        this.splits = List.copyOf(splits);
        this.predictors = new LinkedHashMap<>(predictors);
        this.smallestBatch = smallestBatch;
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

    List<Split> splits() {
        return splits;
    }

    Map<String, Estimator> predictors() {
        return predictors;
    }

    /** The jobs fold {@code index} decides, in the order its decisions list them. */
    List<SelectionCase> cases(int index) {
        return casesPerSplit.get(index);
    }

    /** The decisions of one predictor in fold {@code index}. */
    FoldDecisions decide(int index, Estimator estimator) {
        List<SelectionCase> mine = casesPerSplit.get(index);
        if (mine.isEmpty()) {
            return new FoldDecisions(List.of(), emptyRisky(), Set.of(), false);
        }
        if (!estimator.targets().contains(latency)) {
            return new FoldDecisions(List.of(), emptyRisky(), Set.of(), true);
        }
        Split split = splits.get(index);
        List<SelectionOutcome> outcomes = new ArrayList<>();
        List<List<SelectionOutcome>> risky = emptyRisky();
        Set<String> failures = new TreeSet<>();
        if (smallestBatch.isEmpty()) {
            decide(estimator, split.training(), mine, outcomes, risky, failures);
        } else {
            // One fit per job: the split's training side plus that job's smallest batch.
            Map<String, List<SelectionCase>> byJob = new LinkedHashMap<>();
            mine.forEach(c -> byJob.computeIfAbsent(c.job(), k -> new ArrayList<>()).add(c));
            for (Map.Entry<String, List<SelectionCase>> job : byJob.entrySet()) {
                decide(estimator, smallestBatch.get().augment(withSmallestBatch(split, job.getKey())), job.getValue(),
                        outcomes, risky, failures);
            }
        }
        return new FoldDecisions(outcomes, risky, failures, false);
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

    private void decide(Estimator estimator, TrainingSet training, List<SelectionCase> cases,
                        List<SelectionOutcome> outcomes, List<List<SelectionOutcome>> risky, Set<String> failures) {
        Predictor p;
        try {
            // the selector asks for nothing else
            p = risks.isEmpty() ? estimator.fit(training, Set.of(latency))
                    : new SplitConformalEstimator(estimator).fit(training, Set.of(latency));
        } catch (RuntimeException ex) {
            failures.add("cannot fit: " + HoldOutScorer.oneLine(ex.getMessage()));
            return;
        }
        BatchObjective chooses = objective.orElse(BatchObjective.largestBatch());
        CourierSelector selector = new CourierSelector(p, latency, accuracy, scope, 0.5, chooses);
        outcomes.addAll(scorer.decideAll(selector, cases));
        for (int r = 0; r < risks.size(); r++) {
            risky.get(r).addAll(scorer.decideAll(new RiskAwareSelector(p, latency, accuracy, scope, risks.get(r),
                    chooses), cases));
        }
    }

    /** The split's training side plus the job's smallest-batch observation. */
    private static TrainingSet withSmallestBatch(Split split, String job) {
        Observation smallest = split.test().stream().filter(o -> Attributes.job(o).equals(job))
                .min(Comparator.comparingInt(o -> o.config().localBatch())).orElseThrow();
        List<Observation> obs = new ArrayList<>(split.training().observations());
        obs.add(smallest);
        TrainingSet t = split.training();
        return new TrainingSet(t.id() + "+" + smallest.config().model() + "@" + smallest.config().localBatch(), obs,
                t.profiles());
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
