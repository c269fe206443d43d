package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionOutcome;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * A {@link SuitePlan}'s independent tasks as one {@link TaskSet}: first every hold-out task (one fit, every
 * target), then the (predictor, fold) tasks of each group of selections sharing their fits ({@link SelectionFits}:
 * one fit decides for every selection of the group). Results travel as the predictions (with the native interval a
 * point carries) and decisions only (every double as its bits); the driver puts them back onto its own observations
 * and jobs.
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

    /** The points of each target. */
    record HoldOutResult(List<List<ScoredPoint>> points, double seconds, Optional<String> failure) implements Result {
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
            List<List<ScoredPoint>> points = plan.holdOuts().get(i).run();
            return new HoldOutResult(points, (System.nanoTime() - t0) / 1e9, Optional.empty());
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
            return new HoldOutResult(points, 0, Optional.of(reason));
        }
        SelectionFits s = plan.selectionFits().get(selectionTasks.get(i - plan.holdOuts().size()).fits());
        return new SelectionResult(s.members().stream().map(m -> new BatchSizeSelection.FoldDecisions(List.of(),
                m.emptyRisky(), Set.of(reason), false)).toList(), 0, Optional.of(reason));
    }

    @Override
    public Optional<TaskSource> source() {
        return source;
    }

    @Override
    public byte[] encode(int i, Result r) {
        ByteArrayOutputStream b = new ByteArrayOutputStream();
        try (DataOutputStream out = new DataOutputStream(b)) {
            out.writeDouble(r.seconds());
            writeOptional(out, r.failure());
            if (r instanceof HoldOutResult h) {
                List<Observation> test = plan.holdOuts().get(i).split().test();
                Map<Observation, Integer> index = new IdentityHashMap<>();
                for (int k = 0; k < test.size(); k++) {
                    index.put(test.get(k), k);
                }
                out.writeInt(h.points().size());
                for (List<ScoredPoint> target : h.points()) {
                    out.writeInt(target.size());
                    for (ScoredPoint p : target) {
                        out.writeInt(index.get(p.observation()));
                        out.writeDouble(p.measured());
                        writePrediction(out, p.prediction());
                        out.writeBoolean(p.nativeInterval().isPresent());
                        if (p.nativeInterval().isPresent()) {
                            writePrediction(out, p.nativeInterval().get());
                        }
                    }
                }
            } else {
                List<BatchSizeSelection.FoldDecisions> all = ((SelectionResult) r).decisions();
                SelectionTask t = selectionTasks.get(i - plan.holdOuts().size());
                List<BatchSizeSelection> members = plan.selectionFits().get(t.fits()).members();
                out.writeInt(all.size());
                for (int m = 0; m < all.size(); m++) {
                    writeDecisions(out, all.get(m), members.get(m).cases(t.fold()));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return b.toByteArray();
    }

    @Override
    public Result decode(int i, byte[] bytes) {
        try (DataInputStream in = new DataInputStream(new ByteArrayInputStream(bytes))) {
            double seconds = in.readDouble();
            Optional<String> failure = readOptional(in);
            if (i < plan.holdOuts().size()) {
                HoldOutTask t = plan.holdOuts().get(i);
                List<Observation> test = t.split().test();
                int targets = in.readInt();
                List<List<ScoredPoint>> points = new ArrayList<>(targets);
                for (int k = 0; k < targets; k++) {
                    int n = in.readInt();
                    List<ScoredPoint> target = new ArrayList<>(n);
                    for (int j = 0; j < n; j++) {
                        Observation o = test.get(in.readInt());
                        double measured = in.readDouble();
                        Prediction p = readPrediction(in);
                        Optional<Prediction.Value> own = in.readBoolean()
                                ? Optional.of((Prediction.Value) readPrediction(in)) : Optional.empty();
                        target.add(new ScoredPoint(t.dataset(), t.protocol(), t.split().id(), t.label(),
                                t.targets().get(k), o, measured, p, own));
                    }
                    points.add(target);
                }
                return new HoldOutResult(points, seconds, failure);
            }
            SelectionTask t = selectionTasks.get(i - plan.holdOuts().size());
            List<BatchSizeSelection> members = plan.selectionFits().get(t.fits()).members();
            int n = in.readInt();
            List<BatchSizeSelection.FoldDecisions> all = new ArrayList<>(n);
            for (int m = 0; m < n; m++) {
                all.add(readDecisions(in, members.get(m).cases(t.fold())));
            }
            return new SelectionResult(all, seconds, failure);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void writeDecisions(DataOutputStream out, BatchSizeSelection.FoldDecisions d,
                                       List<SelectionCase> cases) throws IOException {
        Map<SelectionCase, Integer> index = new IdentityHashMap<>();
        for (int k = 0; k < cases.size(); k++) {
            index.put(cases.get(k), k);
        }
        out.writeBoolean(d.unsupported());
        out.writeInt(d.failures().size());
        for (String f : new TreeSet<>(d.failures())) {
            writeString(out, f);
        }
        writeOutcomes(out, d.outcomes(), index);
        out.writeInt(d.risky().size());
        for (List<SelectionOutcome> atRisk : d.risky()) {
            writeOutcomes(out, atRisk, index);
        }
    }

    private static BatchSizeSelection.FoldDecisions readDecisions(DataInputStream in, List<SelectionCase> cases)
            throws IOException {
        boolean unsupported = in.readBoolean();
        Set<String> failures = new TreeSet<>();
        for (int n = in.readInt(); n > 0; n--) {
            failures.add(readString(in));
        }
        List<SelectionOutcome> outcomes = readOutcomes(in, cases);
        List<List<SelectionOutcome>> risky = new ArrayList<>();
        for (int r = in.readInt(); r > 0; r--) {
            risky.add(readOutcomes(in, cases));
        }
        return new BatchSizeSelection.FoldDecisions(outcomes, risky, failures, unsupported);
    }

    private static void writeOutcomes(DataOutputStream out, List<SelectionOutcome> outcomes,
                                      Map<SelectionCase, Integer> index) throws IOException {
        out.writeInt(outcomes.size());
        for (SelectionOutcome o : outcomes) {
            out.writeInt(index.get(o.selectionCase()));
            writeInt(out, o.chosen());
            out.writeBoolean(o.met());
            writeInt(out, o.oracle());
            out.writeBoolean(o.regret().isPresent());
            out.writeDouble(o.regret().orElse(0));
            writeOptional(out, o.undecidedReason());
            Map<Integer, Double> sorted = new TreeMap<>(o.predictedLatency());
            out.writeInt(sorted.size());
            for (Map.Entry<Integer, Double> e : sorted.entrySet()) {
                out.writeInt(e.getKey());
                out.writeDouble(e.getValue());
            }
        }
    }

    private static List<SelectionOutcome> readOutcomes(DataInputStream in, List<SelectionCase> cases)
            throws IOException {
        int n = in.readInt();
        List<SelectionOutcome> outcomes = new ArrayList<>(n);
        for (int j = 0; j < n; j++) {
            SelectionCase c = cases.get(in.readInt());
            OptionalInt chosen = readInt(in);
            boolean met = in.readBoolean();
            OptionalInt oracle = readInt(in);
            boolean hasRegret = in.readBoolean();
            double regret = in.readDouble();
            Optional<String> undecided = readOptional(in);
            Map<Integer, Double> latency = new TreeMap<>();
            for (int m = in.readInt(); m > 0; m--) {
                latency.put(in.readInt(), in.readDouble());
            }
            outcomes.add(new SelectionOutcome(c, chosen, met, oracle,
                    hasRegret ? OptionalDouble.of(regret) : OptionalDouble.empty(), undecided, latency));
        }
        return outcomes;
    }

    private static void writePrediction(DataOutputStream out, Prediction p) throws IOException {
        if (p instanceof Prediction.Value v) {
            out.writeByte(0);
            out.writeDouble(v.value());
            out.writeBoolean(v.lower().isPresent());
            if (v.lower().isPresent()) {
                out.writeDouble(v.lower().getAsDouble());
                out.writeDouble(v.upper().getAsDouble());
                out.writeBoolean(v.coverage().isPresent());
                out.writeDouble(v.coverage().orElse(0));
            }
        } else {
            out.writeByte(1);
            writeString(out, ((Prediction.NotApplicable) p).reason());
        }
    }

    private static Prediction readPrediction(DataInputStream in) throws IOException {
        if (in.readByte() == 0) {
            double value = in.readDouble();
            if (!in.readBoolean()) {
                return Prediction.of(value);
            }
            double lower = in.readDouble();
            double upper = in.readDouble();
            boolean stated = in.readBoolean();
            double coverage = in.readDouble();
            return new Prediction.Value(value, OptionalDouble.of(lower), OptionalDouble.of(upper),
                    stated ? OptionalDouble.of(coverage) : OptionalDouble.empty());
        }
        return Prediction.notApplicable(readString(in));
    }

    private static void writeInt(DataOutputStream out, OptionalInt v) throws IOException {
        out.writeBoolean(v.isPresent());
        out.writeInt(v.orElse(0));
    }

    private static OptionalInt readInt(DataInputStream in) throws IOException {
        boolean present = in.readBoolean();
        int v = in.readInt();
        return present ? OptionalInt.of(v) : OptionalInt.empty();
    }

    private static void writeOptional(DataOutputStream out, Optional<String> v) throws IOException {
        out.writeBoolean(v.isPresent());
        if (v.isPresent()) {
            writeString(out, v.get());
        }
    }

    private static Optional<String> readOptional(DataInputStream in) throws IOException {
        return in.readBoolean() ? Optional.of(readString(in)) : Optional.empty();
    }

    private static void writeString(DataOutputStream out, String s) throws IOException {
        byte[] b = s.getBytes(StandardCharsets.UTF_8);
        out.writeInt(b.length);
        out.write(b);
    }

    private static String readString(DataInputStream in) throws IOException {
        byte[] b = new byte[in.readInt()];
        in.readFully(b);
        return new String(b, StandardCharsets.UTF_8);
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
