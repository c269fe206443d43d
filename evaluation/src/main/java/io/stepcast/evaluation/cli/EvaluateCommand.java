package io.stepcast.evaluation.cli;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.report.ChartFile;
import io.stepcast.evaluation.report.Leaderboard;
import io.stepcast.evaluation.report.ReportWriter;
import io.stepcast.evaluation.suite.ObservationFiles;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteRunner;
import io.stepcast.evaluation.suite.Suites;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.Callable;

/**
 * {@code stepcast evaluate}: runs an evaluation suite (built-in or a JSON/YAML file) or scores every
 * predictor on a user's own train/test files, prints the leaderboard and, with {@code --out}, writes
 * {@code results.json}, {@code details.json}, {@code report.md}, {@code report.html} and PNG charts.
 * Progress goes to stderr: a bar on a terminal, a line every few seconds otherwise ({@link ProgressReporter}).
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score every predictor on real traces: a suite (datasets x predictors x protocols x targets) "
                + "or your own --train/--test files.",
            "Built-in suites: default (embedded data, < 2 minutes), paper-courier, paper-tf-async, "
                + "pollux-extrapolation, gavel-cross-hardware, batch-slo (these need --data DIR)."})
public final class EvaluateCommand implements Callable<Integer> {
    /** The least time between two progress lines when stderr is not a terminal. */
    static final long PROGRESS_INTERVAL_NANOS = 5_000_000_000L;
    private final PluginRegistry registry;

    @Spec
    private CommandSpec spec;

    @Option(names = "--suite", paramLabel = "NAME|FILE", defaultValue = "default",
            description = "Built-in suite name or a suite file (.json, .yaml); default: ${DEFAULT-VALUE}.")
    private String suite;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Folder laid out like shared/data (pollux/, gavel/, tf-benchmarks/, courier/).")
    private Path data;

    @Option(names = "--out", paramLabel = "DIR", description = "Write results.json, details.json, predictions.parquet, report.md, report.html and charts here.")
    private Path out;

    @Option(names = "--predictors", paramLabel = "a,b", split = ",",
            description = "Only these predictors (labels of the suite, or registered names).")
    private List<String> predictors = new ArrayList<>();

    @Option(names = "--train", paramLabel = "FILE", description = "Training observations (Parquet or generic CSV).")
    private Path train;

    @Option(names = "--strict", description = "With --train/--test: an unknown column is an error, not a warning.")
    private boolean strict;

    @Option(names = "--test", paramLabel = "FILE", description = "Test observations (Parquet or generic CSV).")
    private Path test;

    @Option(names = "--targets", paramLabel = "t,u", split = ",",
            description = "Targets scored with --train/--test (default: every target the test file measures).")
    private List<String> targets = new ArrayList<>();

    @Option(names = "--threads", paramLabel = "N",
            description = "Run the suite's independent (split, predictor) tasks on N threads (default: every core, "
                    + "here ${DEFAULT-VALUE}); the results are identical for every N.")
    private int threads = Runtime.getRuntime().availableProcessors();

    /** @param registry the plugins on the class path (predictors, catalog, profile source) */
    public EvaluateCommand(PluginRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        // Tribuo logs every tree it builds through java.util.logging; the leaderboard is the output here.
        java.util.logging.Logger tribuo = java.util.logging.Logger.getLogger("org.tribuo");
        java.util.logging.Level before = tribuo.getLevel();
        tribuo.setLevel(java.util.logging.Level.WARNING);
        try {
            return run();
        } finally {
            tribuo.setLevel(before);
        }
    }

    private Integer run() throws Exception {
        if ((train == null) != (test == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--train and --test go together");
        }
        if (threads < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, was " + threads);
        }
        if (data != null && !Files.isDirectory(data)) {
            throw new IOException("--data " + data + ": no such folder");
        }
        ObservationCatalog catalog = registry.service(ObservationCatalog.class).orElseGet(DefaultObservationCatalog::new);
        Optional<ProfileSource> profiles = Optional.of(registry.service(ProfileSource.class)
                .orElseGet(DefaultProfileSource::new));
        Suite s;
        ObservationCatalog source = catalog;
        List<String> warnings = new java.util.ArrayList<>();
        if (train != null) {
            List<Observation> tr = readUserFile(train, warnings);
            List<Observation> te = readUserFile(test, warnings);
            s = trainTestSuite(te);
            Optional<ModelCatalog> zoo = registry.service(ModelCatalog.class);
            source = new FileCatalog(withZoo(tr, zoo), withZoo(te, zoo));
        } else {
            if (!Suites.exists(suite)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--suite " + Suites.unknown(suite));
            }
            s = Suites.load(suite);
        }
        SuiteResult result;
        try (ProgressReporter bar = new ProgressReporter(System.console() != null, System.err,
                spec.commandLine().getErr(), System::nanoTime, PROGRESS_INTERVAL_NANOS, true)) {
            result = new SuiteRunner(registry, source, profiles, Optional.ofNullable(data), bar, threads)
                    .run(s, predictors);
        }
        if (!warnings.isEmpty()) {
            result = result.withNotes(warnings);
        }
        PrintWriter w = spec.commandLine().getOut();
        w.println("suite " + result.suite() + (result.description().isBlank() ? "" : ": " + result.description()));
        w.print(Leaderboard.plain(result));
        result.predictorNotes().forEach((p, why) -> w.println("unavailable: " + p + ": " + why));
        if (out != null) {
            List<ChartFile> charts = ReportWriter.write(result, out, commandLine());
            w.println();
            w.println("wrote " + out.resolve("results.json") + ", details.json, predictions.parquet, report.md, report.html and "
                    + charts.size() + " charts");
        }
        w.flush();
        return 0;
    }

    /**
     * A user's file, its reader's notes (unknown columns with the closest known one) printed as warnings and
     * kept for results.json; with {@code --strict} a note is an error.
     */
    private List<Observation> readUserFile(Path file, List<String> warnings) throws IOException {
        io.stepcast.api.plugin.ImportedObservations r = ObservationFiles.readWithNotes(file);
        for (String note : r.notes()) {
            if (strict) {
                throw new IOException(file + ": " + note + "; fix the column or run without --strict");
            }
            warnings.add(file + ": " + note);
            spec.commandLine().getErr().println("warning: " + file + ": " + note);
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
            targets.forEach(t -> ts.add(Target.parse(t)));
        }
        List<String> labels = ts.stream().map(Target::label).toList();
        return new Suite("train-test", "every predictor fitted on " + train + " and scored on " + test,
                List.of(new Suite.DatasetSpec(FileCatalog.NAME, FileCatalog.NAME, Map.of(), List.of("train-test"), labels)),
                List.of(), List.of(), List.of());
    }

    private String commandLine() {
        StringBuilder b = new StringBuilder("stepcast evaluate");
        if (train != null) {
            b.append(" --train ").append(train).append(" --test ").append(test);
        } else {
            b.append(" --suite ").append(suite);
        }
        if (data != null) {
            b.append(" --data ").append(data);
        }
        if (!predictors.isEmpty()) {
            b.append(" --predictors ").append(String.join(",", predictors));
        }
        return b.append(" --out ").append(out).toString();
    }

    /**
     * The rows with the model zoo's parameter bytes where the file has no {@code parameter_bytes} for a
     * model the zoo knows (a suite's importer knows its models; a user's file may not say): a given column
     * always wins. Hardware labels need nothing here: predictors resolve them in the hardware catalog.
     */
    static List<Observation> withZoo(List<Observation> rows, Optional<ModelCatalog> zoo) {
        if (zoo.isEmpty()) {
            return rows;
        }
        return rows.stream().map(o -> o.config().workload().parameterBytes().isPresent() ? o
                : zoo.get().find(o.config().model()).map(m -> new Observation(
                        o.config().toBuilder().parameterBytes(m.parameterBytes()).build(), o.measurements(),
                        o.source(), o.replication(), o.tags())).orElse(o)).toList();
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
            Map<String, String> tags = new java.util.HashMap<>(o.tags());
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
