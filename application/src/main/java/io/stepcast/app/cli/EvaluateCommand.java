package io.stepcast.app.cli;

import io.stepcast.api.EditDistance;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.evaluation.Evaluation;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.report.ChartFile;
import io.stepcast.evaluation.report.Leaderboard;
import io.stepcast.evaluation.report.ReportWriter;
import io.stepcast.evaluation.suite.Suite;
import io.stepcast.evaluation.suite.SuiteResult;
import io.stepcast.evaluation.suite.SuiteSource;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * {@code stepcast evaluate}: runs an evaluation suite (built-in or a JSON/YAML file) or scores every
 * predictor on a user's own train/test files, prints the leaderboard and, with {@code --out}, writes
 * {@code results.json}, {@code details.json}, {@code report.md}, {@code report.html} and PNG charts.
 * Progress goes to stderr: a bar on a terminal, a line every few seconds otherwise ({@link ProgressReporter}).
 */
@Command(name = "evaluate", mixinStandardHelpOptions = true, sortOptions = false,
        description = {"Score every predictor on real traces: a suite (datasets x predictors x protocols x targets) "
                + "or your own --train/--test files.",
            "Built-in suites: see --suite; default runs on the embedded data (< 2 minutes), the others read "
                + "--data DIR."})
public final class EvaluateCommand extends RegistryCommand {
    /** The least time between two progress lines when stderr is not a terminal. */
    static final long PROGRESS_INTERVAL_NANOS = 5_000_000_000L;

    @Option(names = "--suite", paramLabel = "NAME|FILE", defaultValue = "default",
            completionCandidates = BuiltInSuites.class,
            description = "Built-in suite (${COMPLETION-CANDIDATES}) or a suite file (.json, .yaml); "
                    + "default: ${DEFAULT-VALUE}.")
    private String suite;

    @Option(names = "--data", paramLabel = "DIR",
            description = "Folder laid out like shared/data (pollux/, gavel/, tf-benchmarks/, courier/, vtrain/, "
                    + "kineto/).")
    private Path data;

    @WritesTo(WritesTo.Kind.FOLDER)
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

    @Mixin
    private EngineChoice engineChoice;

    /** @param registry the plugins on the class path (predictors, catalog, profile source) */
    public EvaluateCommand(PluginRegistry registry) {
        super(registry);
    }

    @Override
    public Integer call() throws Exception {
        // Tribuo logs every tree it builds through java.util.logging; the leaderboard is the output here.
        Logger tribuo = Logger.getLogger("org.tribuo");
        Level before = tribuo.getLevel();
        tribuo.setLevel(Level.WARNING);
        try {
            return run();
        } finally {
            tribuo.setLevel(before);
        }
    }

    /**
     * A name in {@code --predictors} that is neither a label of the suite nor a registered predictor is a typo: refused
     * before the suite runs, with the closest names, rather than run as a suite of one unavailable predictor.
     */
    private void checkPredictorNames(Suite suite) {
        Set<String> known = new TreeSet<>(registry.estimators().keySet());
        suite.predictors().forEach(p -> known.add(p.label()));
        for (String name : predictors) {
            if (!known.contains(name)) {
                throw new CommandLine.ParameterException(spec.commandLine(), "--predictors: no predictor named '" + name
                        + "'" + EditDistance.suggestion(name, known) + " (known: " + String.join(", ", known) + ")");
            }
        }
    }

    private Integer run() throws Exception {
        if ((train == null) != (test == null)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--train and --test go together");
        }
        if (data != null && !Files.isDirectory(data)) {
            throw new IOException("--data " + data + ": no such folder");
        }
        if (train == null && !Evaluation.suiteExists(suite)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--suite " + Evaluation.unknownSuite(suite));
        }
        // A suite file may name its own hardware file; the run then uses a registry built with it.
        PluginRegistry registry = train == null ? SuiteHardware.registryFor(this.registry, suite) : this.registry;
        EngineChoice.Chosen chosen = engineChoice.resolve(spec, registry);
        ExecutionEngine engine = chosen.engine();
        EngineOptions options = chosen.options();
        EvaluateInputs inputs = new EvaluateInputs(suite, data == null ? null : data.toString(),
                train == null ? null : train.toString(), test == null ? null : test.toString(), strict, targets);
        List<String> warnings = new ArrayList<>();
        SuiteSource.Opened opened = inputs.open(registry, warnings);
        checkPredictorNames(opened.suite());
        warnings.forEach(note -> spec.commandLine().getErr().println("warning: " + note));
        SuiteResult result;
        try (ProgressReporter bar = new ProgressReporter(System.console() != null, System.err,
                spec.commandLine().getErr(), System::nanoTime, PROGRESS_INTERVAL_NANOS, true)) {
            result = Evaluation.run(registry, inputs, opened, predictors, bar, engine, options);
        }
        // The run's own notes (a protocol that splits nothing, a section nothing answers) would otherwise reach only
        // the files of --out.
        result.notes().forEach(note -> spec.commandLine().getErr().println("note: " + note));
        if (!warnings.isEmpty()) {
            result = result.withNotes(warnings);
        }
        Leaderboard.nothingRanked(result).ifPresent(why -> spec.commandLine().getErr().println("warning: " + why));
        Optional<HardwareCatalog> catalog = registry.service(HardwareCatalog.class);
        Function<ScoredPoint, MemoryVerdict> verdict = p -> MemoryVerdict.of(p.peakMemoryBytes().getAsDouble(),
                p.config().deployment().hardware(), catalog);
        OverMemoryRows.note(result.points(), verdict)
                .ifPresent(why -> spec.commandLine().getErr().println("warning: " + why));
        OverMemoryRows.variants(result.points(), verdict, catalog)
                .forEach(v -> spec.commandLine().getErr().println("note: " + v));
        PrintWriter w = spec.commandLine().getOut();
        w.println("suite " + result.suite() + (result.description().isBlank() ? "" : ": " + result.description()));
        w.print(Leaderboard.plain(result));
        result.predictorNotes().forEach((p, why) -> w.println("unavailable: " + p + ": " + why));
        if (out != null) {
            List<ChartFile> charts = ReportWriter.write(result, out, commandLine(),
                    (file, rows) -> engine.writePredictions(file, rows, options));
            w.println();
            w.println("wrote " + out.resolve("results.json") + ", details.json, predictions.parquet, report.md, report.html and "
                    + charts.size() + " charts");
        }
        w.flush();
        return 0;
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

    /** The built-in suite names, for the help of {@code --suite} and shell completion. */
    static final class BuiltInSuites implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return Evaluation.builtInSuites().iterator();
        }
    }
}
