package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.evaluation.Split;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;

/**
 * The time-predictor fits that batch-size selections share, planned once: selections of one dataset with the
 * same protocol, latency and smallest-batch rule hold the same jobs out of the same training sides, so one
 * fit per (fold, predictor), or one per job when its smallest batch is given, serves all of them: every
 * selector and every objective. A fit is a split-conformal one (refit mode, whose points are those of the plain
 * fit) when a selector of one of the selections judges latency intervals, the plain fit otherwise, and it is
 * asked for the latency only. Every fitted predictor remembers its answers for the length of its (fold,
 * predictor) task, since each job's candidates are predicted again for each of its SLOs, rule and objective.
 *
 * <p>{@link #decide} is one independent task: its result depends on its arguments only.
 */
final class SelectionFits {
    private final List<BatchSizeSelection> members;
    private final List<Split> splits;
    private final Target latency;
    private final Map<String, Estimator> predictors;
    /** Present when each job's smallest batch is given to the fit: adds it (and its profile) to a training side. */
    private final Optional<SmallestBatch> smallestBatch;

    /** Adds a job's smallest-batch observation, and the profiles that go with it, to a training side. */
    interface SmallestBatch {
        TrainingSet augment(TrainingSet training);
    }

    /**
     * @param members       selections on the same folds ({@link BatchSizeSelection#splits()}) and latency
     * @param predictors    the suite's predictors, in its order; those no member scores are left out
     */
    SelectionFits(List<BatchSizeSelection> members, Map<String, Estimator> predictors,
                  Optional<SmallestBatch> smallestBatch) {
        if (members.isEmpty()) {
            throw new IllegalArgumentException("shared selection fits need at least one selection");
        }
        this.members = List.copyOf(members);
        this.splits = members.get(0).splits();
        this.latency = members.get(0).latency();
        for (BatchSizeSelection m : members) {
            if (!m.splits().equals(splits) || m.latency() != latency) {
                throw new IllegalArgumentException("selections sharing fits need the same folds and latency");
            }
        }
        this.predictors = new LinkedHashMap<>();
        predictors.forEach((label, e) -> {
            if (members.stream().anyMatch(m -> m.predictors().containsKey(label))) {
                this.predictors.put(label, e);
            }
        });
        this.smallestBatch = smallestBatch;
    }

    /** The selections served, in plan order. */
    List<BatchSizeSelection> members() {
        return members;
    }

    List<Split> splits() {
        return splits;
    }

    /** The predictors some member scores, in the suite's order. */
    Map<String, Estimator> predictors() {
        return predictors;
    }

    /**
     * Fits predictor {@code label} for fold {@code fold} and decides every member's jobs of that fold with it.
     *
     * @return each member's decisions, in member order (nothing for a member that does not score the predictor)
     */
    List<BatchSizeSelection.FoldDecisions> decide(int fold, String label, Estimator estimator) {
        List<Decisions> out = new ArrayList<>();
        members.forEach(m -> out.add(new Decisions(m, fold, m.predictors().containsKey(label))));
        List<Decisions> deciding = out.stream().filter(d -> d.scored && !d.cases.isEmpty()).toList();
        if (deciding.isEmpty() || !estimator.targets().contains(latency)) {
            deciding.forEach(d -> d.unsupported = true);
            return out.stream().map(Decisions::done).toList();
        }
        Estimator fitted = deciding.stream().anyMatch(d -> d.member.needsIntervals())
                ? new SplitConformalEstimator(estimator) : estimator;
        Split split = splits.get(fold);
        if (smallestBatch.isEmpty()) {
            fitAndDecide(fitted, split.training(), deciding, d -> d.cases);
        } else {
            // One fit per job: the split's training side plus that job's smallest batch.
            Set<String> jobs = new LinkedHashSet<>();
            deciding.forEach(d -> d.byJob.keySet().forEach(jobs::add));
            for (String job : jobs) {
                fitAndDecide(fitted, smallestBatch.get().augment(withSmallestBatch(split, job)), deciding,
                        d -> d.byJob.getOrDefault(job, List.of()));
            }
        }
        return out.stream().map(Decisions::done).toList();
    }

    private void fitAndDecide(Estimator estimator, TrainingSet training, List<Decisions> deciding,
                              Function<Decisions, List<SelectionCase>> casesOf) {
        Predictor p;
        try {
            // the selectors ask for nothing else
            p = new RememberedPredictions(estimator.fit(training, Set.of(latency)));
        } catch (RuntimeException ex) {
            String why = HoldOutScorer.CANNOT_FIT + HoldOutScorer.oneLine(ex.getMessage());
            deciding.stream().filter(d -> !casesOf.apply(d).isEmpty()).forEach(d -> d.failures.add(why));
            return;
        }
        for (Decisions d : deciding) {
            List<SelectionCase> cases = casesOf.apply(d);
            if (!cases.isEmpty()) {
                d.decide(p, cases);
            }
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

    /**
     * One member's decisions in the fold, gathered job by job when fits are per job and listed, as a member on
     * its own lists them, in the order its cases give the jobs.
     */
    private static final class Decisions {
        private final BatchSizeSelection member;
        private final boolean scored;
        private final List<SelectionCase> cases;
        private final Map<String, List<SelectionCase>> byJob = new LinkedHashMap<>();
        private final Map<String, List<List<SelectionOutcome>>> outcomes = new HashMap<>();
        private final Set<String> failures = new TreeSet<>();
        private boolean unsupported;

        Decisions(BatchSizeSelection member, int fold, boolean scored) {
            this.member = member;
            this.scored = scored;
            this.cases = scored ? member.cases(fold) : List.of();
            cases.forEach(c -> byJob.computeIfAbsent(c.job(), k -> new ArrayList<>()).add(c));
        }

        void decide(Predictor p, List<SelectionCase> some) {
            String job = some.get(0).job();
            member.decide(p, some, outcomes.computeIfAbsent(job, k -> member.emptyByRule()));
        }

        BatchSizeSelection.FoldDecisions done() {
            if (!scored || cases.isEmpty()) {
                return member.none();
            }
            if (unsupported) {
                return new BatchSizeSelection.FoldDecisions(member.emptyByRule(), Set.of(), true);
            }
            List<List<SelectionOutcome>> all = member.emptyByRule();
            for (String job : byJob.keySet()) {
                List<List<SelectionOutcome>> r = outcomes.get(job);
                for (int rule = 0; r != null && rule < r.size(); rule++) {
                    all.get(rule).addAll(r.get(rule));
                }
            }
            return new BatchSizeSelection.FoldDecisions(all, failures, false);
        }
    }
}
