package io.stepcast.evaluation.suite;

import io.stepcast.datasets.kineto.KinetoTraceFolder;
import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.evaluation.ReproductionRow;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Runs a {@link Suite} in two steps: {@link SuitePlanner} plans it (predictors found by name in the
 * {@link PluginRegistry}, never imported; datasets read through the observation catalog; protocols parsed
 * and splits built with their profiles once), then the plan's independent tasks run on an execution engine (threads, or Spark):
 * each (split, predictor) of the accuracy scoring fits once and predicts every target, and each (split,
 * predictor) of the batch-size selections that share their folds fits once and decides that fold's jobs for
 * all of them. Results are assembled in the plan's order,
 * so they are identical, bit for bit, whatever the thread count or engine. Reproductions of published figures run
 * last, on the scored points, and then the peak-memory tables are scored (on the driver: nothing is fitted). A predictor that is missing, refuses its hyper-parameters, cannot fit or
 * fails is counted as not applicable with the reason; the run goes on. Use one runner per run.
 */
public final class SuiteRunner {
    private final PluginRegistry registry;
    private final SuiteSources sources;
    private final ProgressListener progress;
    private final ExecutionEngine engine;
    private final EngineOptions options;
    private final Optional<SuiteSource> remote;

    /**
     * A runner on every available core.
     *
     * @param registry where the predictors come from
     * @param catalog  where the observations come from
     * @param profiles zoo profiles for the profile-only protocol, when a plugin provides them
     * @param dataDir  folder laid out like {@code shared/data}; empty for the embedded tables only
     * @param progress told after every task
     */
    public SuiteRunner(PluginRegistry registry, ObservationCatalog catalog, Optional<ProfileSource> profiles,
                       Optional<Path> dataDir, ProgressListener progress) {
        this(registry, catalog, profiles, dataDir, progress, Runtime.getRuntime().availableProcessors());
    }

    /** A runner on {@code threads} threads (at least 1). */
    public SuiteRunner(PluginRegistry registry, ObservationCatalog catalog, Optional<ProfileSource> profiles,
                       Optional<Path> dataDir, ProgressListener progress, int threads) {
        this(registry, catalog, profiles, dataDir, progress, new LocalEngine(), EngineOptions.threads(threads),
                Optional.empty());
    }

    /**
     * A runner on an execution engine.
     *
     * @param engine  where the tasks run ({@link io.stepcast.evaluation.engine.Engines})
     * @param options threads, cluster URL
     * @param remote  the recipe a remote executor plans the same suite from; empty for in-process engines only
     */
    public SuiteRunner(PluginRegistry registry, ObservationCatalog catalog, Optional<ProfileSource> profiles,
                       Optional<Path> dataDir, ProgressListener progress, ExecutionEngine engine,
                       EngineOptions options, Optional<SuiteSource> remote) {
        this.registry = Objects.requireNonNull(registry);
        this.sources = new SuiteSources(catalog, profiles, dataDir);
        this.progress = progress;
        this.engine = Objects.requireNonNull(engine);
        this.options = Objects.requireNonNull(options);
        this.remote = remote;
    }

    /**
     * Runs the suite.
     *
     * @param only predictor labels to keep (from {@code --predictors}); empty for all of the suite's
     * @throws IOException when a dataset cannot be read (the message names the source and, from the
     *                     importer, the file and line)
     */
    public SuiteResult run(Suite suite, List<String> only) throws IOException {
        SuitePlan plan = new SuitePlanner(registry, sources).plan(suite, only);
        progress.start(plan.tasks());
        SuiteTasks tasks = new SuiteTasks(plan, remote.map(s -> new SuiteTasks.Planned(s, only)));
        List<SuiteTasks.Result> results = engine.run(tasks, options, progress);
        Map<String, Double> seconds = new TreeMap<>();
        List<String> notes = new ArrayList<>(plan.notes());
        for (int i = 0; i < results.size(); i++) {
            seconds.merge(tasks.label(i), results.get(i).seconds(), Double::sum);
        }
        notes.addAll(tasks.failures(results));
        List<List<List<ScoredPoint>>> scored = new ArrayList<>();
        int h = plan.holdOuts().size();
        for (int i = 0; i < h; i++) {
            scored.add(((SuiteTasks.HoldOutResult) results.get(i)).points());
        }
        List<ScoredPoint> points = inPlanOrder(plan, scored);
        List<ScalingPoint> scaling = new ArrayList<>();
        for (int i = 0; i < h; i++) {
            scaling.addAll(((SuiteTasks.HoldOutResult) results.get(i)).scaling());
        }
        List<SelectionEntry> selection = new ArrayList<>();
        for (BatchSizeSelection s : plan.selections()) {
            for (String label : s.predictors().keySet()) {
                selection.addAll(s.entries(label, tasks.decisions(results, s, label)));
            }
        }
        List<ReproductionRow> reproduction = new ArrayList<>();
        List<Curve> curves = new ArrayList<>();
        Reproduction.Context context = context(plan.predictors(), points, curves);
        for (Reproduction r : plan.reproductions()) {
            reproduction.addAll(r.reproduce(context));
        }
        List<MemoryEntry> memory = new ArrayList<>();
        plan.memory().forEach(m -> memory.addAll(m.entries()));
        return new SuiteResult(suite.name(), suite.description(), ScoreEntry.aggregate(points, false), ScoreEntry.aggregate(points, true),
                selection, reproduction, points, plan.predictorNotes(), notes, seconds, curves, scaling, memory);
    }

    /**
     * The points ordered as a sequential run lists them: dataset, protocol, target, predictor, split (the
     * aggregates and their floating-point sums follow this order).
     */
    private static List<ScoredPoint> inPlanOrder(SuitePlan plan, List<List<List<ScoredPoint>>> scored) {
        Map<List<String>, List<Integer>> byDatasetAndProtocol = new LinkedHashMap<>();
        for (int i = 0; i < plan.holdOuts().size(); i++) {
            HoldOutTask t = plan.holdOuts().get(i);
            byDatasetAndProtocol.computeIfAbsent(List.of(t.dataset(), t.protocol()), k -> new ArrayList<>()).add(i);
        }
        List<ScoredPoint> points = new ArrayList<>();
        for (List<Integer> tasks : byDatasetAndProtocol.values()) {
            int targets = plan.holdOuts().get(tasks.get(0)).targets().size();
            for (int target = 0; target < targets; target++) {
                for (int i : tasks) {
                    points.addAll(scored.get(i).get(target));
                }
            }
        }
        return points;
    }

    private Reproduction.Context context(Map<String, Estimator> predictors, List<ScoredPoint> points,
                                         List<Curve> curves) {
        SuiteRun run = new SuiteRun() {
            @Override
            public List<ScoredPoint> points() {
                return points;
            }

            @Override
            public List<TfCpuRecordings.Recording> recordings() throws IOException {
                return sources.recordings();
            }

            @Override
            public List<KinetoTraceFolder.Trace> kinetoTraces() throws IOException {
                return sources.kinetoTraces();
            }

            @Override
            public void curve(Curve curve) {
                curves.add(curve);
            }
        };
        return new Reproduction.Context() {
            @Override
            public List<Observation> source(String name) throws IOException {
                return sources.source(name);
            }

            @Override
            public Estimator estimator(String name) {
                Estimator e = predictors.get(name);
                if (e != null) {
                    return e;
                }
                try {
                    return registry.estimator(name);
                } catch (RuntimeException ex) {
                    return new UnavailableEstimator(name, HoldOutScorer.oneLine(ex.getMessage()));
                }
            }

            @Override
            public <T> Optional<T> extension(Class<T> type) {
                return type == SuiteRun.class ? Optional.of(type.cast(run)) : Optional.empty();
            }
        };
    }

}
