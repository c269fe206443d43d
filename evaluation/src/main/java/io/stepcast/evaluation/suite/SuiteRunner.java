package io.stepcast.evaluation.suite;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.CourierSelector;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.metrics.PointMetrics;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.evaluation.protocol.Protocol;
import io.stepcast.evaluation.protocol.Protocols;
import io.stepcast.evaluation.protocol.Split;
import io.stepcast.evaluation.protocol.ZooProfiles;
import io.stepcast.evaluation.selection.AccuracyTable;
import io.stepcast.evaluation.selection.Objective;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionCases;
import io.stepcast.evaluation.selection.SelectionOutcome;
import io.stepcast.evaluation.selection.SelectionScorer;
import io.stepcast.evaluation.selection.SloPolicy;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;

/**
 * Runs a {@link Suite}: reads its datasets through the observation catalog, splits each with its
 * protocols, fits every predictor (found by name in the {@link PluginRegistry}, never imported) on every
 * training side and scores it on the test side, scores batch-size selection, and reproduces published
 * figures. The source {@code tf-cpu-profiles} is not a catalog source: it is read from the recordings
 * under the data folder ({@link TfCpuRecordings}), and every training side of its splits carries the
 * recorded profiles of its own observations. A predictor that is missing, refuses its hyper-parameters,
 * cannot fit or fails is counted as not applicable with the reason; the run goes on. Runs are sequential
 * and deterministic. A runner caches the sources it has read, so use one per run and thread.
 */
public final class SuiteRunner {
    private final PluginRegistry registry;
    private final ObservationCatalog catalog;
    private final Optional<ProfileSource> profiles;
    private final Optional<Path> dataDir;
    private final ProgressListener progress;
    private final Map<String, List<Observation>> sourceCache = new HashMap<>();
    private List<TfCpuRecordings.Recording> recordings;

    /**
     * @param registry where the predictors come from
     * @param catalog  where the observations come from
     * @param profiles zoo profiles for the profile-only protocol, when a plugin provides them
     * @param dataDir  folder laid out like {@code shared/data}; empty for the embedded tables only
     * @param progress told after every fit
     */
    public SuiteRunner(PluginRegistry registry, ObservationCatalog catalog, Optional<ProfileSource> profiles,
                       Optional<Path> dataDir, ProgressListener progress) {
        this.registry = Objects.requireNonNull(registry);
        this.catalog = Objects.requireNonNull(catalog);
        this.profiles = profiles;
        this.dataDir = dataDir;
        this.progress = progress;
    }

    /**
     * Runs the suite.
     *
     * @param only predictor labels to keep (from {@code --predictors}); empty for all of the suite's
     * @throws IOException when a dataset cannot be read (the message names the source and, from the
     *                     importer, the file and line)
     */
    public SuiteResult run(Suite suite, List<String> only) throws IOException {
        Map<String, Estimator> predictors = new LinkedHashMap<>();
        Map<String, String> predictorNotes = new TreeMap<>();
        resolvePredictors(suite, only, predictors, predictorNotes);
        Map<String, List<Observation>> datasets = new LinkedHashMap<>();
        for (Suite.DatasetSpec d : suite.datasets()) {
            datasets.put(d.name(), load(d));
        }
        List<String> notes = new ArrayList<>();
        Map<String, List<Split>> splits = new LinkedHashMap<>();
        long work = 0;
        for (Suite.DatasetSpec d : suite.datasets()) {
            for (String p : d.protocols()) {
                Protocol protocol = Protocols.parse(p, profiles);
                List<Split> s = protocol.splits(d.name(), datasets.get(d.name()));
                s = withRecordedProfiles(d.source(), s);
                if (profiles.isPresent()) {
                    // Every protocol, not only profile-only, gives profile-driven estimators the zoo
                    // profiles of its training side's single-worker rows.
                    s = s.stream().map(x -> ZooProfiles.attach(x, profiles.get())).toList();
                }
                if (s.isEmpty()) {
                    notes.add(d.name() + ": protocol " + p + " gives no split of its " + datasets.get(d.name()).size()
                            + " observations");
                }
                splits.put(d.name() + "\u0000" + protocol.name(), s);
                work += (long) s.size() * predictors.size() * d.targets().size();
            }
        }
        List<PlannedSelection> selections = planSelections(suite, datasets, predictors, notes);
        for (PlannedSelection s : selections) {
            work += (long) s.splits.size() * s.predictors.size();
        }
        progress.start(work);

        List<ScoredPoint> points = new ArrayList<>();
        Map<String, Double> seconds = new TreeMap<>();
        for (Suite.DatasetSpec d : suite.datasets()) {
            for (String p : d.protocols()) {
                Protocol protocol = Protocols.parse(p, profiles);
                for (String t : d.targets()) {
                    Target target = Target.parse(t);
                    for (Map.Entry<String, Estimator> e : predictors.entrySet()) {
                        for (Split split : splits.get(d.name() + "\u0000" + protocol.name())) {
                            long t0 = System.nanoTime();
                            points.addAll(HoldOutScorer.score(d.name(), protocol.name(), split, e.getKey(), e.getValue(),
                                    target));
                            seconds.merge(e.getKey(), (System.nanoTime() - t0) / 1e9, Double::sum);
                            progress.step(d.name() + " " + protocol.name() + " " + e.getKey());
                        }
                    }
                }
            }
        }
        List<SelectionEntry> selection = new ArrayList<>();
        for (PlannedSelection s : selections) {
            selection.addAll(s.run(seconds));
        }
        List<ReproductionRow> reproduction = new ArrayList<>();
        List<Curve> curves = new ArrayList<>();
        Reproduction.Context context = context(predictors, points, curves);
        for (String r : suite.reproduction()) {
            reproduction.addAll(Reproductions.named(r).reproduce(context));
        }
        return new SuiteResult(suite.name(), suite.description(), aggregate(points, false), aggregate(points, true),
                selection, reproduction, points, predictorNotes, notes, seconds, curves);
    }

    private void resolvePredictors(Suite suite, List<String> only, Map<String, Estimator> out, Map<String, String> notes) {
        List<Suite.PredictorSpec> specs = suite.predictors().isEmpty()
                ? registry.estimators().keySet().stream().map(Suite.PredictorSpec::of).toList()
                : suite.predictors();
        if (!only.isEmpty()) {
            Set<String> known = new HashSet<>();
            specs.forEach(s -> known.add(s.label()));
            List<Suite.PredictorSpec> kept = new ArrayList<>(specs.stream().filter(s -> only.contains(s.label())).toList());
            for (String name : only) {
                if (!known.contains(name)) {
                    // --predictors may name a registered predictor the suite does not list.
                    kept.add(Suite.PredictorSpec.of(name));
                }
            }
            specs = kept;
        }
        for (Suite.PredictorSpec s : specs) {
            Estimator e;
            try {
                e = registry.estimator(s.name());
                if (!s.hyperParameters().isEmpty()) {
                    e = e.withHyperParameters(s.hyperParameters());
                }
            } catch (RuntimeException ex) {
                String why = HoldOutScorer.oneLine(ex.getMessage());
                notes.put(s.label(), why);
                e = new UnavailableEstimator(s.name(), why);
            }
            out.put(s.label(), e);
        }
    }

    private List<Observation> load(Suite.DatasetSpec d) throws IOException {
        List<Observation> all = source(d.source());
        return all.stream().filter(o -> d.where().entrySet().stream()
                .allMatch(w -> w.getValue().equals(Attributes.value(o, w.getKey()).orElse(null)))).toList();
    }

    private List<Observation> source(String name) throws IOException {
        List<Observation> cached = sourceCache.get(name);
        if (cached == null && TfCpuRecordings.SOURCE.equals(name)) {
            // Recordings made on this machine by `stepcast profile tensorflow`, not a catalog source.
            cached = TfCpuRecordings.observations(recordings());
            sourceCache.put(name, cached);
        }
        if (cached == null) {
            try {
                cached = catalog.observations(name, dataDir);
            } catch (IOException | RuntimeException e) {
                String hint = dataDir.isEmpty() ? " (only courier and tf-benchmarks are embedded; give --data DIR)" : "";
                throw new IOException("source " + name + ": " + HoldOutScorer.oneLine(e.getMessage()) + hint, e);
            }
            sourceCache.put(name, cached);
        }
        return cached;
    }

    private List<TfCpuRecordings.Recording> recordings() throws IOException {
        if (recordings == null) {
            if (profiles.isEmpty()) {
                throw new IOException("suite " + TfCpuRecordings.SOURCE + ": no profile source is registered to read"
                        + " the recorded op traces");
            }
            recordings = TfCpuRecordings.read(dataDir, profiles.get());
        }
        return recordings;
    }

    /**
     * For a dataset of recordings, each training side gets the recorded profiles of its own observations
     * (never of a test observation), ahead of any zoo profile.
     */
    private List<Split> withRecordedProfiles(String source, List<Split> splits) throws IOException {
        if (!TfCpuRecordings.SOURCE.equals(source)) {
            return splits;
        }
        List<TfCpuRecordings.Recording> all = recordings();
        List<Split> out = new ArrayList<>();
        for (Split x : splits) {
            TrainingSet t = x.training();
            out.add(new Split(x.id(), new TrainingSet(t.id(), t.observations(),
                    TfCpuRecordings.profilesOf(all, t.observations())), x.test()));
        }
        return out;
    }

    private static String sourceOf(Suite suite, String dataset) {
        return suite.datasets().stream().filter(d -> d.name().equals(dataset)).map(Suite.DatasetSpec::source)
                .findFirst().orElse("");
    }

    private Reproduction.Context context(Map<String, Estimator> predictors, List<ScoredPoint> points,
                                         List<Curve> curves) {
        return new Reproduction.Context() {
            @Override
            public List<TfCpuRecordings.Recording> recordings() throws IOException {
                return SuiteRunner.this.recordings();
            }

            @Override
            public void curve(Curve curve) {
                curves.add(curve);
            }

            @Override
            public List<Observation> source(String name) throws IOException {
                return SuiteRunner.this.source(name);
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
            public List<ScoredPoint> points() {
                return points;
            }
        };
    }

    private static List<ScoreEntry> aggregate(List<ScoredPoint> points, boolean perModel) {
        Map<List<String>, List<ScoredPoint>> groups = new LinkedHashMap<>();
        for (ScoredPoint p : points) {
            List<String> key = List.of(p.dataset(), p.protocol(), p.predictor(), p.target().label(),
                    perModel ? p.model() : ScoreEntry.ALL_MODELS);
            groups.computeIfAbsent(key, k -> new ArrayList<>()).add(p);
        }
        List<ScoreEntry> out = new ArrayList<>();
        groups.forEach((k, v) -> out.add(new ScoreEntry(k.get(0), k.get(1), k.get(2), k.get(3), k.get(4),
                PointMetrics.of(v), PointMetrics.reasons(v))));
        return out;
    }

    private List<PlannedSelection> planSelections(Suite suite, Map<String, List<Observation>> datasets,
                                                  Map<String, Estimator> predictors, List<String> notes)
            throws IOException {
        List<PlannedSelection> out = new ArrayList<>();
        for (Suite.SelectionSpec s : suite.selection()) {
            List<Observation> data = datasets.get(s.dataset());
            if (data == null) {
                throw new IllegalArgumentException("selection names dataset '" + s.dataset()
                        + "' that the suite does not define");
            }
            Target latency = Target.parse(s.latency());
            BatchScope scope = BatchScope.valueOf(s.scope().toUpperCase(Locale.ROOT));
            Objective objective = Objective.valueOf(s.objective().toUpperCase(Locale.ROOT));
            Optional<Predictor> accuracy = Optional.empty();
            if (s.accuracyTable() != null) {
                List<Observation> ref = datasets.get(s.accuracyTable().dataset());
                if (ref == null) {
                    throw new IllegalArgumentException("accuracy_table names dataset '" + s.accuracyTable().dataset()
                            + "' that the suite does not define");
                }
                accuracy = Optional.of(new AccuracyTable(ref, s.accuracyTable().match()));
            }
            List<SelectionCase> cases = SelectionCases.of(data, latency, scope, sloPolicy(s.slo()), accuracy);
            if (cases.isEmpty()) {
                notes.add(s.dataset() + ": no job with two or more measured batch sizes, no selection to score");
                continue;
            }
            List<Split> splits = Protocols.parse(s.protocol(), profiles).splits(s.dataset(), data);
            if (splits.isEmpty() && s.knownBatch().equals("smallest")) {
                // One group only (say one recorded model): each job is decided from its smallest batch alone.
                splits = List.of(new Split(s.protocol() + "/all-held-out",
                        TrainingSet.of(s.dataset() + "/none", List.of()), data));
            }
            splits = withRecordedProfiles(sourceOf(suite, s.dataset()), splits);
            if (profiles.isPresent()) {
                splits = splits.stream().map(x -> ZooProfiles.attach(x, profiles.get())).toList();
            }
            Map<String, Estimator> chosen = new LinkedHashMap<>();
            predictors.forEach((label, e) -> {
                if (s.predictors().isEmpty() || s.predictors().contains(label)) {
                    chosen.put(label, e);
                }
            });
            String source = sourceOf(suite, s.dataset());
            out.add(new PlannedSelection(s.dataset(), latency, scope, new SelectionScorer(objective), accuracy, cases,
                    splits, chosen, s.knownBatch().equals("smallest") ? Optional.of(source) : Optional.empty()));
        }
        return out;
    }

    private static SloPolicy sloPolicy(Suite.SloSpec s) {
        return switch (s.type() == null ? "midpoints" : s.type()) {
            case "normal" -> new SloPolicy.Normal(Objects.requireNonNull(s.mean(), "slo.mean"),
                    Objects.requireNonNull(s.sd(), "slo.sd"), s.draws() == null ? 10 : s.draws(),
                    s.seed() == null ? 2021L : s.seed());
            case "midpoints" -> new SloPolicy.Midpoints();
            case "fixed" -> new SloPolicy.Fixed(Objects.requireNonNull(s.values(), "slo.values"));
            default -> throw new IllegalArgumentException("slo.type must be normal, midpoints or fixed, was '"
                    + s.type() + "'");
        };
    }

    /** One selection scoring, ready to run. */
    private final class PlannedSelection {
        private final String dataset;
        private final Target latency;
        private final BatchScope scope;
        private final SelectionScorer scorer;
        private final Optional<Predictor> accuracy;
        private final List<SelectionCase> cases;
        private final List<Split> splits;
        private final Map<String, Estimator> predictors;
        /** Present (the dataset's source) when each job's smallest batch is given to the fit. */
        private final Optional<String> knownSmallestOf;

        PlannedSelection(String dataset, Target latency, BatchScope scope, SelectionScorer scorer,
                         Optional<Predictor> accuracy, List<SelectionCase> cases, List<Split> splits,
                         Map<String, Estimator> predictors, Optional<String> knownSmallestOf) {
            this.knownSmallestOf = knownSmallestOf;
            this.dataset = dataset;
            this.latency = latency;
            this.scope = scope;
            this.scorer = scorer;
            this.accuracy = accuracy;
            this.cases = cases;
            this.splits = splits;
            this.predictors = predictors;
        }

        List<SelectionEntry> run(Map<String, Double> seconds) {
            List<SelectionEntry> out = new ArrayList<>();
            for (Map.Entry<String, Estimator> e : predictors.entrySet()) {
                long t0 = System.nanoTime();
                out.add(score(e.getKey(), e.getValue()));
                seconds.merge(e.getKey(), (System.nanoTime() - t0) / 1e9, Double::sum);
            }
            return out;
        }

        private SelectionEntry score(String label, Estimator estimator) {
            List<SelectionOutcome> outcomes = new ArrayList<>();
            Set<String> decided = new HashSet<>();
            Set<String> failures = new TreeSet<>();
            for (Split split : splits) {
                progress.step("selection " + dataset + " " + label);
                Set<String> testJobs = wholeJobsOnTestSide(split);
                List<SelectionCase> mine = cases.stream()
                        .filter(c -> testJobs.contains(c.job()) && !decided.contains(c.job())).toList();
                if (mine.isEmpty()) {
                    continue;
                }
                if (!estimator.targets().contains(latency)) {
                    return new SelectionEntry(dataset, label, SelectionScorer.summarise(List.of()), List.of(),
                            "does not predict " + latency.label());
                }
                if (knownSmallestOf.isEmpty()) {
                    decide(estimator, split.training(), mine, outcomes, failures);
                } else {
                    // One fit per job: the split's training side plus that job's smallest batch.
                    Map<String, List<SelectionCase>> byJob = new LinkedHashMap<>();
                    mine.forEach(c -> byJob.computeIfAbsent(c.job(), k -> new ArrayList<>()).add(c));
                    for (Map.Entry<String, List<SelectionCase>> job : byJob.entrySet()) {
                        decide(estimator, withSmallestBatch(split, job.getKey()), job.getValue(), outcomes, failures);
                    }
                }
                mine.forEach(c -> decided.add(c.job()));
            }
            return new SelectionEntry(dataset, label, SelectionScorer.summarise(outcomes), outcomes,
                    String.join("; ", failures));
        }

        private void decide(Estimator estimator, TrainingSet training, List<SelectionCase> cases,
                            List<SelectionOutcome> outcomes, Set<String> failures) {
            Predictor p;
            try {
                p = estimator.fit(training);
            } catch (RuntimeException ex) {
                failures.add("cannot fit: " + HoldOutScorer.oneLine(ex.getMessage()));
                return;
            }
            CourierSelector selector = new CourierSelector(p, latency, accuracy, scope, 0.5);
            outcomes.addAll(scorer.decideAll(selector, cases));
        }

        /** The split's training side plus the job's smallest-batch observation (and its recorded profile). */
        private TrainingSet withSmallestBatch(Split split, String job) {
            Observation smallest = split.test().stream().filter(o -> Attributes.job(o).equals(job))
                    .min(java.util.Comparator.comparingInt(o -> o.config().localBatch())).orElseThrow();
            List<Observation> obs = new ArrayList<>(split.training().observations());
            obs.add(smallest);
            TrainingSet t = split.training();
            Split augmented = new Split(split.id(), new TrainingSet(t.id() + "+" + smallest.config().model() + "@"
                    + smallest.config().localBatch(), obs, t.profiles()), List.of());
            try {
                augmented = withRecordedProfiles(knownSmallestOf.get(), List.of(augmented)).get(0);
            } catch (IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
            if (profiles.isPresent() && augmented.training().profiles().isEmpty()) {
                augmented = ZooProfiles.attach(augmented, profiles.get());
            }
            return augmented.training();
        }

        /** Jobs all of whose observations are held out in this split (no part of them is trained on). */
        private Set<String> wholeJobsOnTestSide(Split split) {
            Set<String> train = new HashSet<>();
            split.training().observations().forEach(o -> train.add(Attributes.job(o)));
            Set<String> test = new HashSet<>();
            split.test().forEach(o -> test.add(Attributes.job(o)));
            test.removeAll(train);
            return test;
        }
    }
}
