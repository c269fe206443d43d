package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.SuiteSource;
import io.stepcast.evaluation.suite.Suites;
import io.stepcast.evaluation.suite.UserObservationFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

/**
 * What {@code stepcast evaluate} was asked to score, as names and paths: a suite (built-in name or file) or a
 * user's train/test files, and the data folder. The command opens it to plan the run; a Spark executor opens
 * it again (the same files must be readable there).
 *
 * @param suite   built-in suite name or suite file (ignored with train/test)
 * @param data    folder laid out like shared/data, or null
 * @param train   training observations file, or null
 * @param test    test observations file, or null (with train)
 * @param strict  with train/test: an unknown column is an error
 * @param targets with train/test: targets scored; empty for every target the test file measures
 */
record EvaluateInputs(String suite, String data, String train, String test, boolean strict, List<String> targets)
        implements SuiteSource {
    private static final long serialVersionUID = 1L;

    EvaluateInputs {
        targets = List.copyOf(targets);
    }

    @Override
    public Opened open(PluginRegistry registry) throws IOException {
        return open(registry, new ArrayList<>());
    }

    /** Opens the inputs; the readers' notes on the user's files are added to {@code warnings}. */
    Opened open(PluginRegistry registry, List<String> warnings) throws IOException {
        ObservationCatalog catalog = registry.service(ObservationCatalog.class).orElseGet(DefaultObservationCatalog::new);
        Optional<ProfileSource> profiles = Optional.of(registry.service(ProfileSource.class)
                .orElseGet(DefaultProfileSource::new));
        Optional<Path> dataDir = Optional.ofNullable(data).map(Path::of);
        Optional<ModelCatalog> zoo = registry.service(ModelCatalog.class);
        if (train == null) {
            Path suiteFile = Path.of(suite).toAbsolutePath();
            Path base = suiteFile.getParent() != null ? suiteFile.getParent() : Path.of("").toAbsolutePath();
            Suite loaded = Suites.load(suite, registry.selectors());
            return new Opened(loaded, UserFileSources.of(catalog, loaded, base, zoo,
                    registry.service(HardwareCatalog.class), warnings), profiles, dataDir);
        }
        Optional<HardwareCatalog> hardware = registry.service(HardwareCatalog.class);
        List<Observation> trRead = readUserFile(Path.of(train), hardware, warnings);
        List<Observation> teRead = readUserFile(Path.of(test), hardware, warnings);
        // A model's size stated in one file only is the same model's in the other (the zoo may not know it).
        warnings.addAll(ParameterBytesAcrossFiles.conflicts(trRead, train, teRead, test));
        List<Observation> tr = ParameterBytesAcrossFiles.fill(trRead, train, teRead, test, warnings);
        List<Observation> te = ParameterBytesAcrossFiles.fill(teRead, test, trRead, train, warnings);
        return new Opened(trainTestSuite(te), new FileCatalog(UserObservationFiles.withZooParameterBytes(tr, zoo),
                UserObservationFiles.withZooParameterBytes(te, zoo)), profiles, dataDir);
    }

    /**
     * A user's file, its reader's notes (unknown columns with the closest known one) kept as warnings; with
     * {@code strict} a note is an error.
     */
    private List<Observation> readUserFile(Path file, Optional<HardwareCatalog> hardware, List<String> warnings)
            throws IOException {
        ImportedObservations r = UserObservationFiles.readWithNotes(file, hardware);
        for (String note : r.notes()) {
            if (strict) {
                // Nothing is kept under --strict, so the note's "(kept as ...)" would mislead.
                // Likewise "it is used as stated" (a stated link bandwidth above the hardware's).
                throw new IOException(file + ": " + note.replaceFirst(" \\(kept as [^)]*\\)$", "")
                        .replaceFirst("; it is used as stated$", "") + "; fix it or run without --strict");
            }
            warnings.add(file + ": " + note);
        }
        return r.observations();
    }

    private Suite trainTestSuite(List<Observation> te) {
        Set<Target> ts = EnumSet.noneOf(Target.class);
        if (targets.isEmpty()) {
            for (Observation o : te) {
                for (Target t : Target.values()) {
                    if (o.value(t).isPresent()) {
                        ts.add(t);
                    }
                }
            }
        } else {
            targets.forEach(t -> ts.add(OptionTarget.parse("--targets", t)));
        }
        List<String> labels = ts.stream().map(Target::label).toList();
        return new Suite("train-test", "every predictor fitted on " + Path.of(train) + " and scored on " + Path.of(test),
                List.of(new Suite.DatasetSpec(FileCatalog.NAME, FileCatalog.NAME, Map.of(), List.of("train-test"), labels)),
                List.of(), List.of(), List.of());
    }

    /** The train and test files as a catalog of one source, with the train-test split in the tags. */
    private static final class FileCatalog implements ObservationCatalog {
        static final String NAME = "files";
        private final List<Observation> all;

        FileCatalog(List<Observation> train, List<Observation> test) {
            List<Observation> a = new ArrayList<>();
            train.forEach(o -> a.add(tagged(o, "train")));
            test.forEach(o -> a.add(tagged(o, "test")));
            this.all = List.copyOf(a);
        }

        private static Observation tagged(Observation o, String side) {
            Map<String, String> tags = new HashMap<>(o.tags());
            tags.put("side", side);
            return new Observation(o.config(), o.measurements(), o.source(), o.replication(), tags);
        }

        @Override
        public List<String> sources() {
            return List.of(NAME);
        }

        @Override
        public List<Observation> observations(String source, Optional<Path> dataDir) {
            return all;
        }
    }
}
