package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.selection.SelectionCase;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A {@link SuitePlan}'s independent tasks as one {@link TaskSet}: first every hold-out task (one fit, every
 * target), then the (predictor, fold) tasks of each group of selections sharing their fits ({@link SelectionFits}:
 * one fit decides for every selection of the group). A result crosses JVMs as the bytes of a
 * {@link SuiteResultCodec}, decoded against the plan of the side that reads it.
 */
final class SuiteTasks implements TaskSet<SuiteTasks.Result> {
    private final SuitePlan plan;
    private final Optional<TaskSource> source;
    private final List<SelectionTask> selectionTasks = new ArrayList<>();

    /** A task's result: the points of a hold-out task or the decisions of a selection task, and its seconds. */
    sealed interface Result permits HoldOutResult, SelectionResult {
        /** Wall-clock seconds of the task (informative only). */
        double seconds();

        /** Why the task threw, when it did. */
        Optional<String> failure();
    }

    /** The points of each target, and the points predicted for the scaling charts. */
    record HoldOutResult(List<List<ScoredPoint>> points, List<ScalingPoint> scaling, double seconds,
                         Optional<String> failure) implements Result {
        HoldOutResult {
            scaling = List.copyOf(scaling);
        }

        /** A result without scaling points. */
        HoldOutResult(List<List<ScoredPoint>> points, double seconds, Optional<String> failure) {
            this(points, List.of(), seconds, failure);
        }
    }

    /** One predictor's decisions in one fold, for each selection sharing the fit, in member order. */
    record SelectionResult(List<BatchSizeSelection.FoldDecisions> decisions, double seconds, Optional<String> failure)
            implements Result {
    }

    /** Shared fits {@code fits} of the plan, predictor {@code label}, fold {@code fold}. */
    record SelectionTask(int fits, String label, Estimator estimator, int fold) {
    }

    SuiteTasks(SuitePlan plan, Optional<TaskSource> source) {
        this.plan = plan;
        this.source = source;
        for (int k = 0; k < plan.selectionFits().size(); k++) {
            SelectionFits s = plan.selectionFits().get(k);
            int fits = k;
            s.predictors().forEach((label, e) -> {
                for (int i = 0; i < s.splits().size(); i++) {
                    selectionTasks.add(new SelectionTask(fits, label, e, i));
                }
            });
        }
    }

    /**
     * The decisions of predictor {@code label} in selection {@code s}, fold by fold, from the results of
     * {@link #run} in task order.
     */
    List<BatchSizeSelection.FoldDecisions> decisions(List<Result> results, BatchSizeSelection s, String label) {
        List<BatchSizeSelection.FoldDecisions> out = new ArrayList<>();
        for (int fold = 0; fold < s.splits().size(); fold++) {
            int i = task(s, label, fold);
            out.add(((SelectionResult) results.get(i)).decisions().get(member(i, s)));
        }
        return out;
    }

    /**
     * What every task that threw reports, from the results in task order: the hold-out tasks in their order, then
     * each selection's (predictor, fold), selection by selection, as if each selection had tasks of its own.
     */
    List<String> failures(List<Result> results) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < plan.holdOuts().size(); i++) {
            int task = i;
            results.get(i).failure().ifPresent(why -> out.add(describe(task) + ": " + why));
        }
        for (BatchSizeSelection s : plan.selections()) {
            for (String label : s.predictors().keySet()) {
                for (int fold = 0; fold < s.splits().size(); fold++) {
                    String what = "selection " + s.dataset() + " split " + s.splits().get(fold).id() + " " + label;
                    results.get(task(s, label, fold)).failure().ifPresent(why -> out.add(what + ": " + why));
                }
            }
        }
        return out;
    }

    /** The index of the task that decides fold {@code fold} of selection {@code s} with predictor {@code label}. */
    private int task(BatchSizeSelection s, String label, int fold) {
        for (int i = 0; i < selectionTasks.size(); i++) {
            SelectionTask t = selectionTasks.get(i);
            if (t.fold() == fold && t.label().equals(label)
                    && plan.selectionFits().get(t.fits()).members().contains(s)) {
                return plan.holdOuts().size() + i;
            }
        }
        throw new IllegalArgumentException("no task decides selection " + s.dataset() + " with " + label);
    }

    private int member(int task, BatchSizeSelection s) {
        return plan.selectionFits().get(selectionTasks.get(task - plan.holdOuts().size()).fits()).members().indexOf(s);
    }

    SuitePlan plan() {
        return plan;
    }

    @Override
    public int size() {
        return plan.holdOuts().size() + selectionTasks.size();
    }

    @Override
    public String describe(int i) {
        if (i < plan.holdOuts().size()) {
            HoldOutTask t = plan.holdOuts().get(i);
            return t.dataset() + " " + t.protocol() + " split " + t.split().id() + " " + t.label();
        }
        SelectionTask t = selectionTasks.get(i - plan.holdOuts().size());
        SelectionFits s = plan.selectionFits().get(t.fits());
        return "selection " + String.join(" + ", s.members().stream().map(BatchSizeSelection::dataset).toList())
                + " split " + s.splits().get(t.fold()).id() + " " + t.label();
    }

    /** The predictor label of task {@code i}. */
    String label(int i) {
        return i < plan.holdOuts().size() ? plan.holdOuts().get(i).label()
                : selectionTasks.get(i - plan.holdOuts().size()).label();
    }

    @Override
    public Result run(int i) {
        long t0 = System.nanoTime();
        if (i < plan.holdOuts().size()) {
            HoldOutTask task = plan.holdOuts().get(i);
            HoldOutScorer.Scored scored = task.runWithChart();
            return new HoldOutResult(scored.points(), task.scaling(scored.extra()), (System.nanoTime() - t0) / 1e9,
                    Optional.empty());
        }
        SelectionTask t = selectionTasks.get(i - plan.holdOuts().size());
        List<BatchSizeSelection.FoldDecisions> d = plan.selectionFits().get(t.fits()).decide(t.fold(), t.label(),
                t.estimator());
        return new SelectionResult(d, (System.nanoTime() - t0) / 1e9, Optional.empty());
    }

    @Override
    public Result failed(int i, String reason) {
        if (i < plan.holdOuts().size()) {
            HoldOutTask t = plan.holdOuts().get(i);
            List<List<ScoredPoint>> points = new ArrayList<>();
            for (Target target : t.targets()) {
                points.add(t.split().test().stream().filter(o -> o.value(target).isPresent())
                        .map(o -> new ScoredPoint(t.dataset(), t.protocol(), t.split().id(), t.label(), target, o,
                                o.value(target).getAsDouble(), Prediction.notApplicable(reason))).toList());
            }
            return new HoldOutResult(points, t.scaling(t.chart().stream().map(c -> Prediction.notApplicable(reason))
                    .toList()), 0, Optional.of(reason));
        }
        SelectionFits s = plan.selectionFits().get(selectionTasks.get(i - plan.holdOuts().size()).fits());
        return new SelectionResult(s.members().stream().map(m -> new BatchSizeSelection.FoldDecisions(m.emptyByRule(),
                Set.of(reason), false)).toList(), 0, Optional.of(reason));
    }

    @Override
    public Optional<TaskSource> source() {
        return source;
    }

    @Override
    public byte[] encode(int i, Result r) {
        return r instanceof HoldOutResult h ? SuiteResultCodec.encodeHoldOut(h, plan.holdOuts().get(i))
                : SuiteResultCodec.encodeSelection((SelectionResult) r, casesByMember(i));
    }

    @Override
    public Result decode(int i, byte[] bytes) {
        return i < plan.holdOuts().size() ? SuiteResultCodec.decodeHoldOut(bytes, plan.holdOuts().get(i))
                : SuiteResultCodec.decodeSelection(bytes, casesByMember(i));
    }

    /**
     * The cases the fold of selection task {@code i} decides, for each selection sharing its fit, in member order:
     * what the outcomes of its result refer to.
     */
    private List<List<SelectionCase>> casesByMember(int i) {
        SelectionTask t = selectionTasks.get(i - plan.holdOuts().size());
        return plan.selectionFits().get(t.fits()).members().stream().map(m -> m.cases(t.fold())).toList();
    }

    /** The recipe a remote executor plans the same suite from. */
    record Planned(SuiteSource suiteSource, List<String> only) implements TaskSource {
        private static final long serialVersionUID = 1L;

        Planned {
            only = List.copyOf(only);
        }

        @Override
        public TaskSet<?> open(PluginRegistry registry) throws IOException {
            SuiteSource.Opened o = suiteSource.open(registry);
            SuitePlan plan = new SuitePlanner(registry, new SuiteSources(o.catalog(), o.profiles(), o.dataDir()))
                    .plan(o.suite(), only);
            return new SuiteTasks(plan, Optional.of(this));
        }
    }
}
