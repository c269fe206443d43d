package io.stepcast.serve;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.app.model.TrainedParameterBytes;
import io.stepcast.models.uncertainty.IntervalShortfall;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.evaluation.Evaluation;
import io.stepcast.models.uncertainty.SplitConformalEstimator;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.NoSuchElementException;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;
import java.util.function.Predicate;

/**
 * Every predictor the service answers with, fitted once at start and immutable afterwards, and the registry's
 * batch-size selectors they decide with.
 *
 * <p>Built-in: each registered estimator fitted on the tables embedded in stepcast (those {@code stepcast
 * evaluate} uses without {@code --data}): the Courier tables ({@code courier}, the same fit as
 * {@code stepcast select-batch}) answer response time and accuracy, the TensorFlow benchmark table
 * ({@code tf-benchmarks}, with zoo profiles of its single-worker rows, as in the suites) answers throughput and
 * step time. An estimator that cannot fit a table does not answer its targets and is neither listed with them nor
 * known under its name when it answers nothing else; the reason is kept in {@link #notes()}.
 *
 * <p>Saved: every {@code *.json} and {@code *.model} file of {@code --models DIR} written by
 * {@code stepcast fit --save}, served under its file name without {@code .json}, {@code .model} or
 * {@code .model.json}; a model named as an estimator is served in that estimator's place (a start-up note says so), and
 * two files of one name are refused at start.
 */
public final class ServedPredictors {
    /** The embedded source that answers each target. */
    private static final Map<Target, String> SOURCE_OF = Map.of(
            Target.RESPONSE_TIME, "courier", Target.ACCURACY, "courier",
            Target.THROUGHPUT, "tf-benchmarks", Target.STEP_TIME, "tf-benchmarks");

    private final Map<String, Map<Target, Predictor>> byName;
    /** The training rows' parameter bytes per model of each predictor served from a model file. */
    private final Map<String, TrainedParameterBytes> trained;
    private final List<Map<String, Object>> listing;
    private final List<String> notes;
    private final Map<String, String> unserved;
    private final Optional<ModelCatalog> zoo;
    private final HardwareLabels labels;
    private final Optional<HardwareCatalog> hardware;
    private final Function<String, SelectorFactory> selectors;

    private ServedPredictors(Map<String, Map<Target, Predictor>> byName, Map<String, TrainedParameterBytes> trained,
                             List<Map<String, Object>> listing, List<String> notes, Map<String, String> unserved,
                             Optional<ModelCatalog> zoo, HardwareLabels labels, Optional<HardwareCatalog> hardware,
                             Function<String, SelectorFactory> selectors) {
        this.byName = Collections.unmodifiableMap(byName);
        this.trained = Map.copyOf(trained);
        this.listing = List.copyOf(listing);
        this.notes = List.copyOf(notes);
        this.unserved = Map.copyOf(unserved);
        this.zoo = zoo;
        this.labels = labels;
        this.hardware = hardware;
        this.selectors = selectors;
    }

    /**
     * The memory of one device of the configuration's hardware, bytes (the catalog's GB are GiB,
     * {@link io.stepcast.api.hardware.DeviceSpec#memoryBytes}), when the catalog knows the hardware and its memory.
     */
    OptionalDouble deviceMemoryBytes(Config config) {
        return hardware.map(h -> h.deviceMemoryBytes(config.deployment().hardware())).orElse(OptionalDouble.empty());
    }

    /**
     * The hardware catalog requests are read in: the registry's, else the embedded one (as {@link #load} resolves
     * labels), so that a catalog of the user's decides what a request's hardware label means, its nodes included.
     */
    HardwareCatalog catalog() {
        return labels.catalog();
    }

    /**
     * What the request names that the catalogs do not know: its hardware label, with the closest catalogued names
     * ({@link HardwareLabels#unknownNote}), and its model when the zoo does not know it, with the closest models. A
     * label of the user's own (a saved model fitted on their file) is not an error, so these are warnings beside the
     * answer, as {@code evaluate} warns of a file's unknown labels.
     */
    List<String> warnings(Config config) {
        List<String> out = new ArrayList<>();
        labels.unknownNote(config.deployment().hardware()).ifPresent(out::add);
        zoo.filter(z -> z.find(config.model()).isEmpty()).ifPresent(z -> out.add(z.refusal(config.model())
                .orElseGet(() -> "model '" + config.model() + "' is not in the model zoo "
                        + z.closestThree(config.model()))));
        return out;
    }

    /**
     * The configuration of a request to the predictor served as {@code name}, with the parameter bytes where it gives
     * none, and its hardware label in the catalog's words, as the embedded tables were fitted with
     * ({@link HardwareLabels}; an unknown label is kept as written). The bytes are, as {@code stepcast predict} and the
     * test side of {@code evaluate --train/--test} complete theirs, those the training rows of a predictor served from
     * a model file sized the model with ({@link TrainedParameterBytes}), else the zoo's.
     */
    Config completed(Config config, String name) {
        Config c = Evaluation.withZooParameterBytes(trained.getOrDefault(name, TrainedParameterBytes.NONE)
                .fill(config), zoo);
        String hardware = labels.canonical(c.deployment().hardware());
        return hardware.equals(c.deployment().hardware()) ? c : c.toBuilder().hardware(hardware).build();
    }

    /**
     * Fits the registered estimators that {@code include} accepts on the embedded tables and loads the saved
     * models of {@code modelsDir}.
     *
     * @throws IOException when an embedded table or a model file cannot be read, naming the file
     */
    public static ServedPredictors load(PluginRegistry registry, Predicate<String> include, Optional<Path> modelsDir)
            throws IOException {
        if (modelsDir.isPresent() && !Files.isDirectory(modelsDir.get())) {
            // Before any fit: a mistyped folder should fail in a moment, not after fitting every estimator.
            throw new IOException("--models " + modelsDir.get() + ": no such folder");
        }
        ObservationCatalog catalog = registry.service(ObservationCatalog.class)
                .orElseGet(DefaultObservationCatalog::new);
        ProfileSource profiles = registry.service(ProfileSource.class).orElseGet(DefaultProfileSource::new);
        HardwareLabels labels = registry.service(HardwareCatalog.class).map(HardwareLabels::new)
                .orElseGet(HardwareLabels::new);
        Map<String, TrainingSet> tables = new LinkedHashMap<>();
        for (String source : List.of("courier", "tf-benchmarks")) {
            // In the catalog's words, as every request's label is read (completed), so that the two always match.
            List<Observation> obs = labels.canonicalise(catalog.observations(source, Optional.empty())).observations();
            tables.put(source, Evaluation.trainingSet(source, obs, profiles));
        }
        Map<String, Map<Target, Predictor>> byName = new TreeMap<>();
        List<Map<String, Object>> listing = new ArrayList<>();
        List<String> notes = new ArrayList<>();
        Map<String, String> unserved = new TreeMap<>();
        for (Estimator e : registry.estimators().values()) {
            if (!include.test(e.name())) {
                continue;
            }
            Map<String, Predictor> fits = new LinkedHashMap<>();
            Map<Target, Predictor> answers = new EnumMap<>(Target.class);
            for (Target t : e.targets()) {
                String source = SOURCE_OF.get(t);
                if (!fits.containsKey(source)) {
                    fits.put(source, fit(e, tables.get(source), notes));
                }
                if (fits.get(source) != null) {
                    answers.put(t, fits.get(source));
                }
            }
            // Listed with what it answers; one that could fit no table is not served at all (its reason in notes).
            if (!answers.isEmpty()) {
                byName.put(e.name(), answers);
                listing.add(row(e.name(), registry.moduleOf(e.name()), answers.keySet(), e.description()));
            } else {
                unserved.put(e.name(), String.join("; ", notes.stream().filter(n -> n.startsWith(e.name() + " not fitted on "))
                        .toList()));
            }
        }
        Map<String, TrainedParameterBytes> trained = new TreeMap<>();
        if (modelsDir.isPresent()) {
            loadModels(registry, modelsDir.get(), byName, trained, listing, notes, unserved);
        }
        return new ServedPredictors(byName, trained, listing, notes, unserved, registry.service(ModelCatalog.class), labels,
                registry.service(HardwareCatalog.class), registry::selector);
    }

    /**
     * The estimator fitted through a {@link SplitConformalEstimator} (refit mode: the points are the plain fit's),
     * so that every built-in prediction carries a calibrated interval and {@code risk} can be answered.
     */
    private static Predictor fit(Estimator e, TrainingSet table, List<String> notes) {
        try {
            return new SplitConformalEstimator(e).fit(table);
        } catch (CannotFitException | IllegalArgumentException | IllegalStateException ex) {
            Optional<Estimator> constants = e.withPublishedConstants();
            if (constants.isPresent()) {
                try {
                    Predictor p = constants.get().fit(table);
                    notes.add(e.name() + " answers from its published constants (" + changed(e, constants.get())
                            + "), without an interval: it could not be fitted on " + table.id() + " ("
                            + ex.getMessage() + ")");
                    return p;
                } catch (CannotFitException | IllegalArgumentException | IllegalStateException ignored) {
                    // Reported as the fit's failure below.
                }
            }
            notes.add(e.name() + " not fitted on " + table.id() + ": " + ex.getMessage());
            return null;
        }
    }

    /** The hyper-parameters {@code to} sets otherwise than {@code from}, as {@code key=value}. */
    private static String changed(Estimator from, Estimator to) {
        return to.hyperParameters().entrySet().stream()
                .filter(x -> !x.getValue().equals(from.hyperParameters().get(x.getKey())))
                .map(x -> x.getKey() + "=" + x.getValue()).collect(java.util.stream.Collectors.joining(", "));
    }

    private static void loadModels(PluginRegistry registry, Path dir, Map<String, Map<Target, Predictor>> byName,
                                   Map<String, TrainedParameterBytes> trained, List<Map<String, Object>> listing,
                                   List<String> notes, Map<String, String> unserved)
            throws IOException {
        List<Path> files = new ArrayList<>();
        try (DirectoryStream<Path> ds = Files.newDirectoryStream(dir, "*.{json,model}")) {
            ds.forEach(files::add);
        }
        Collections.sort(files);
        Map<String, Path> loaded = new HashMap<>();
        for (Path f : files) {
            String name = f.getFileName().toString().replaceFirst("(\\.model)?(\\.json)?$", "");
            if (loaded.containsKey(name)) {
                throw new IOException(f + ": model name '" + name + "' is also that of " + loaded.get(name).getFileName()
                        + "; rename one of the files");
            }
            SavedPredictors.Saved saved = SavedPredictors.loadSaved(registry, f);
            Predictor p = saved.predictor();
            trained.put(name, saved.trained());
            Map<Target, Predictor> answers = new EnumMap<>(Target.class);
            p.targets().forEach(t -> answers.put(t, p));
            if (registry.estimators().containsKey(name)) {
                // A model saved under its estimator's name (the name a user reaches for) is the one they mean to serve:
                // it takes the built-in's place, which the start-up notes say.
                listing.removeIf(row -> name.equals(row.get("name")));
                unserved.remove(name);
                notes.removeIf(n -> n.startsWith(name + " "));
                notes.add(name + " is served from " + f.getFileName() + " in place of the built-in predictor");
            }
            // A split-conformal fit on too few rows answers points only: said at start-up, as fit and predict say it,
            // so that a scheduler that asks for risk-aware answers knows why none comes with an interval.
            IntervalShortfall.of(p, p.targets()).ifPresent(why -> notes.add(name + " (" + f.getFileName() + "): "
                    + why));
            loaded.put(name, f);
            byName.put(name, answers);
            listing.add(row(name, "model file " + f.getFileName(), p.targets(), p.provenance().estimator() + " fitted on "
                    + p.provenance().trainingSetId() + " (" + p.provenance().trainingSize() + " observations)"));
        }
    }

    private static Map<String, Object> row(String name, String module, Set<Target> targets,
                                           String description) {
        Map<String, Object> row = new LinkedHashMap<>();
        row.put("name", name);
        row.put("module", module);
        row.put("targets", targets.stream().sorted().map(Target::label).toList());
        row.put("description", description);
        return Collections.unmodifiableMap(row);
    }

    /**
     * The predictor that answers {@code target} under {@code name}.
     *
     * @throws ApiException 404 when no predictor or model has the name or it answers nothing (it could not be
     *                      fitted), 400 when it does not answer the target
     */
    public Predictor get(String name, Target target) {
        Map<Target, Predictor> answers = byName.get(name);
        if (answers == null && unserved.containsKey(name)) {
            throw ApiException.notFound("predictor '" + name + "' is not served: it could not be fitted ("
                    + unserved.get(name) + ")");
        }
        if (answers == null) {
            throw ApiException.notFound("no predictor or model named '" + name + "' (known: "
                    + String.join(", ", byName.keySet()) + ")");
        }
        Predictor p = answers.get(target);
        if (p == null) {
            throw ApiException.badRequest("field 'target': predictor '" + name + "' does not answer "
                    + target.label() + (answers.isEmpty() ? "" : " (it answers "
                    + String.join(", ", answers.keySet().stream().sorted().map(Target::label).toList()) + ")"));
        }
        return p;
    }

    /**
     * The batch-size selector registered under {@code name}.
     *
     * @throws ApiException 400 naming the field {@code selector} and the known selectors when none has the name
     */
    SelectorFactory selector(String name) {
        try {
            return selectors.apply(name);
        } catch (NoSuchElementException e) {
            throw ApiException.badRequest("field 'selector': " + e.getMessage());
        }
    }

    /** True when a predictor or model has this name. */
    public boolean has(String name) {
        return byName.containsKey(name);
    }

    /**
     * One row per estimator that answers at least one target, {@code {name, module, targets, description}} as
     * {@code predictors list --json} prints them but with only the targets it answers: a target whose embedded
     * table the estimator could not fit is left out (see {@link #notes()}), and so is an estimator that answers
     * none. Saved models follow, with their file as module.
     */
    public List<Map<String, Object>> listing() {
        return listing;
    }

    /** Why an estimator does not answer some target (it could not be fitted on that table). */
    public List<String> notes() {
        return notes;
    }
}
