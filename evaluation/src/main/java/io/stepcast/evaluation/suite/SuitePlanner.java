package io.stepcast.evaluation.suite;

import io.stepcast.api.evaluation.Reproduction;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.selection.BatchObjective;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.models.selection.NoiseScaleEfficiency;
import io.stepcast.api.selection.StatisticalEfficiency;
import io.stepcast.datasets.importers.PolluxNoiseScales;
import io.stepcast.datasets.memory.MeasuredPeakMemory;
import io.stepcast.datasets.memory.PeakMemoryTables;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.evaluation.protocol.Attributes;
import io.stepcast.api.evaluation.Protocol;
import io.stepcast.evaluation.protocol.Protocols;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.selection.AccuracyTable;
import io.stepcast.evaluation.selection.Objective;
import io.stepcast.evaluation.selection.SelectionCase;
import io.stepcast.evaluation.selection.SelectionCases;
import io.stepcast.evaluation.selection.SelectionScorer;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

/**
 * Plans a {@link Suite}: resolves its predictors in the {@link PluginRegistry} (a missing one, or one that
 * refuses its hyper-parameters, becomes an {@link UnavailableEstimator} with the reason), reads its
 * datasets, parses each protocol once, builds every split once with its profiles attached, lists the
 * independent (split, predictor) tasks, and reads the peak-memory tables it scores the memory-estimating predictors
 * on ({@link MemoryScoring}).
 */
final class SuitePlanner {
    private final PluginRegistry registry;
    private final SuiteSources sources;

    SuitePlanner(PluginRegistry registry, SuiteSources sources) {
        this.registry = registry;
        this.sources = sources;
    }

    /**
     * @param only predictor labels to keep (from {@code --predictors}); empty for all of the suite's
     * @throws IOException when a dataset cannot be read
     */
    SuitePlan plan(Suite suite, List<String> only) throws IOException {
        Map<String, Estimator> predictors = new LinkedHashMap<>();
        Map<String, String> predictorNotes = new TreeMap<>();
        resolvePredictors(suite, only, predictors, predictorNotes);
        Map<String, List<Observation>> datasets = new LinkedHashMap<>();
        for (Suite.DatasetSpec d : suite.datasets()) {
            datasets.put(d.name(), load(d));
        }
        List<String> notes = new ArrayList<>();
        List<HoldOutTask> holdOuts = new ArrayList<>();
        for (Suite.DatasetSpec d : suite.datasets()) {
            List<Target> targets = d.targets().stream().map(Target::parse).toList();
            for (String p : d.protocols()) {
                Protocol protocol;
                try {
                    protocol = Protocols.resolve(p, registry.protocols(), sources.zoo());
                } catch (IllegalArgumentException e) {
                    throw new IllegalArgumentException("suite " + suite.name() + ", dataset " + d.name()
                            + ", field protocols: " + e.getMessage(), e);
                }
                List<Split> made;
                try {
                    made = protocol.splits(d.name(), datasets.get(d.name()));
                } catch (IllegalArgumentException e) {
                    // An attribute no row has (Attributes.requirePresent), named where the suite states it.
                    throw new IllegalArgumentException("suite " + suite.name() + ", dataset " + d.name()
                            + ", field protocols: " + e.getMessage(), e);
                }
                List<Split> splits = new ArrayList<>();
                for (Split s : made) {
                    splits.add(sources.withProfiles(d.source(), s));
                }
                if (splits.isEmpty()) {
                    notes.add(d.name() + ": protocol " + p + " gives no split of its " + datasets.get(d.name()).size()
                            + " observations");
                }
                List<List<ScalingGrid.Request>> chart = ScalingGrid.plan(splits, targets);
                predictors.forEach((label, e) -> {
                    for (int i = 0; i < splits.size(); i++) {
                        holdOuts.add(new HoldOutTask(d.name(), protocol.name(), splits.get(i), label, e, targets,
                                chart.get(i)));
                    }
                });
            }
        }
        List<BatchSizeSelection> selections = new ArrayList<>();
        Map<List<String>, List<Split>> folds = new HashMap<>();
        Map<List<String>, List<BatchSizeSelection>> sharing = new LinkedHashMap<>();
        for (Suite.SelectionSpec s : suite.selection()) {
            Optional<BatchSizeSelection> planned = selection(suite, s, datasets, predictors, notes, folds);
            planned.ifPresent(selections::add);
            planned.ifPresent(b -> sharing.computeIfAbsent(List.of(s.dataset(), s.protocol(), s.knownBatch(),
                    b.latency().label()), k -> new ArrayList<>()).add(b));
        }
        List<SelectionFits> fits = new ArrayList<>();
        sharing.forEach((key, members) -> {
            String source = sourceOf(suite, key.get(0));
            fits.add(new SelectionFits(members, predictors, key.get(2).equals("smallest")
                    ? Optional.of(t -> withProfiles(source, t)) : Optional.empty()));
        });
        List<Reproduction> reproductions = suite.reproduction().stream()
                .map(r -> Reproductions.resolve(r, registry.reproductions())).toList();
        List<MemoryScoring> memory = memory(suite, predictors, notes);
        return new SuitePlan(suite, predictors, predictorNotes, notes, holdOuts, selections, fits, reproductions,
                memory);
    }

    /**
     * Each peak-memory table of the suite with the predictors whose estimator estimates memory; a table no predictor
     * can be scored on is a note rather than an empty section.
     */
    private static List<MemoryScoring> memory(Suite suite, Map<String, Estimator> predictors, List<String> notes) {
        Map<String, PeakMemory> estimating = new LinkedHashMap<>();
        predictors.forEach((label, e) -> {
            if (e instanceof PeakMemory m) {
                estimating.put(label, m);
            }
        });
        List<MemoryScoring> out = new ArrayList<>();
        for (String table : suite.memory()) {
            List<MeasuredPeakMemory> runs;
            try {
                runs = PeakMemoryTables.named(table);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException("suite " + suite.name() + ", field memory: " + e.getMessage(), e);
            }
            if (estimating.isEmpty()) {
                notes.add("memory " + table + ": no predictor of this run estimates the peak memory per GPU, none"
                        + " scored on its " + runs.size() + " measured runs");
            } else {
                out.add(new MemoryScoring(table, runs, estimating));
            }
        }
        return out;
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
        List<Observation> all = sources.source(d.source());
        List<Observation> kept = all.stream().filter(o -> d.where().entrySet().stream()
                .allMatch(w -> w.getValue().equals(Attributes.value(o, w.getKey()).orElse(null)))).toList();
        if (kept.isEmpty() && !all.isEmpty()) {
            throw new IllegalArgumentException(emptyFilter(d, all));
        }
        return kept;
    }

    /**
     * Why a dataset's filter keeps none of its source's rows: a key no row has, or a value none has (with the values
     * the rows have, which are the attributes' normalised spellings: {@code fp16} for a table's "mixed").
     */
    private static String emptyFilter(Suite.DatasetSpec d, List<Observation> all) {
        for (Map.Entry<String, String> w : d.where().entrySet()) {
            java.util.Set<String> values = new java.util.TreeSet<>();
            all.forEach(o -> Attributes.value(o, w.getKey()).ifPresent(values::add));
            if (values.isEmpty()) {
                return "dataset '" + d.name() + "': where key '" + w.getKey() + "' is an attribute of none of the "
                        + all.size() + " rows of " + d.source() + " (a configuration field, a tag or a column of the "
                        + "generic CSV)";
            }
            if (!values.contains(w.getValue())) {
                List<String> shown = values.stream().limit(8).toList();
                return "dataset '" + d.name() + "': where " + w.getKey() + " = '" + w.getValue() + "' keeps none of the "
                        + all.size() + " rows of " + d.source() + "; its rows have " + w.getKey() + " "
                        + String.join(", ", shown) + (values.size() > shown.size() ? ", ..." : "");
            }
        }
        return "dataset '" + d.name() + "': its filter " + d.where() + " keeps none of the " + all.size() + " rows of "
                + d.source() + " (each entry matches some rows, none all of them)";
    }

    private Optional<BatchSizeSelection> selection(Suite suite, Suite.SelectionSpec s,
                                                   Map<String, List<Observation>> datasets,
                                                   Map<String, Estimator> predictors, List<String> notes,
                                                   Map<List<String>, List<Split>> folds)
            throws IOException {
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
        List<SelectionCase> cases = SelectionCases.of(data, latency, scope, s.slo().policy(), accuracy);
        if (cases.isEmpty()) {
            notes.add(s.dataset() + ": no job with two or more measured batch sizes, no selection to score");
            return Optional.empty();
        }
        List<Split> withProfiles = folds(suite, s, data, folds);
        Map<String, Estimator> chosen = new LinkedHashMap<>();
        predictors.forEach((label, e) -> {
            if (s.predictors().isEmpty() || s.predictors().contains(label)) {
                chosen.put(label, e);
            }
        });
        StatisticalEfficiency efficiency = (c, b) -> 1.0;
        Optional<BatchObjective> chooses = Optional.empty();
        if (objective == Objective.GOODPUT) {
            Optional<NoiseScaleEfficiency> read = sources.dataDir().isPresent()
                    ? noiseScaleEfficiency(PolluxNoiseScales.read(sources.dataDir().get())) : Optional.empty();
            if (read.isEmpty()) {
                notes.add(s.dataset() + ": goodput objective without pollux validation curves under --data;"
                        + " no selection scored");
                return Optional.empty();
            }
            efficiency = read.get();
            chooses = Optional.of(BatchObjective.goodput(efficiency));
        }
        List<SelectionRule> rules;
        try {
            rules = SelectionRule.of(s, registry.selectors());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException("suite " + suite.name() + ", selection of dataset " + s.dataset()
                    + ", field " + e.getMessage(), e);
        }
        return Optional.of(new BatchSizeSelection(s.dataset(), latency, scope,
                new SelectionScorer(objective, efficiency), accuracy, cases, withProfiles, chosen, rules, chooses));
    }

    /**
     * The folds of a selection, with their profiles, built once for every selection of the same dataset and
     * protocol (so that they can share their fits).
     */
    private List<Split> folds(Suite suite, Suite.SelectionSpec s, List<Observation> data,
                              Map<List<String>, List<Split>> folds) throws IOException {
        boolean smallest = s.knownBatch().equals("smallest");
        List<String> key = List.of(s.dataset(), s.protocol(), Boolean.toString(smallest));
        List<Split> built = folds.get(key);
        if (built != null) {
            return built;
        }
        List<Split> splits = Protocols.resolve(s.protocol(), registry.protocols(), sources.zoo())
                .splits(s.dataset(), data);
        if (splits.isEmpty() && smallest) {
            // One group only (say one recorded model): each job is decided from its smallest batch alone.
            splits = List.of(new Split(s.protocol() + "/all-held-out",
                    TrainingSet.of(s.dataset() + "/none", List.of()), data));
        }
        String source = sourceOf(suite, s.dataset());
        List<Split> withProfiles = new ArrayList<>();
        for (Split x : splits) {
            withProfiles.add(sources.withProfiles(source, x));
        }
        built = List.copyOf(withProfiles);
        folds.put(key, built);
        return built;
    }

    /** A training side augmented by a job's smallest batch gets the profiles of what it now holds. */
    private TrainingSet withProfiles(String source, TrainingSet t) {
        try {
            return sources.withProfiles(source, new Split(t.id(), t, List.of())).training();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String sourceOf(Suite suite, String dataset) {
        return suite.datasets().stream().filter(d -> d.name().equals(dataset)).map(Suite.DatasetSpec::source)
                .findFirst().orElse("");
    }

    /** Pollux's statistical efficiency from the jobs' noise scales; empty without any. */
    private static Optional<NoiseScaleEfficiency> noiseScaleEfficiency(Map<String, PolluxNoiseScales.Scale> scales) {
        Map<String, double[]> byModel = new TreeMap<>();
        scales.forEach((model, s) -> byModel.put(model, new double[] {s.noiseScale(), s.referenceBatch()}));
        return byModel.isEmpty() ? Optional.empty() : Optional.of(new NoiseScaleEfficiency(byModel));
    }
}
