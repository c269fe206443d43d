package io.stepcast.app.cli;

import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.Engines;
import io.stepcast.evaluation.engine.ExecutionEngine;
import io.stepcast.evaluation.engine.LocalEngine;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine;

import java.util.NoSuchElementException;
import java.util.Optional;

/**
 * The options of the commands that run independent tasks on an execution engine ({@code evaluate}, {@code sweep}):
 * {@code --engine}, {@code --master} and {@code --threads}, mixed into each command, and their one check: a usage
 * error for a thread count under 1, a master without a distributed engine, or an engine no plugin registers.
 */
final class EngineChoice {
    @Option(names = "--engine", paramLabel = "NAME", defaultValue = LocalEngine.NAME,
            description = "Where the tasks run: local (this JVM, --threads) or spark (module runner-spark, --master); "
                    + "the results are identical. Default: ${DEFAULT-VALUE}.")
    private String engineName;

    @Option(names = "--master", paramLabel = "URL",
            description = "With --engine spark: the Spark master (default local[*]; local[N], local-cluster[W,C,MB], "
                    + "spark://HOST:PORT).")
    private String master;

    @Option(names = "--threads", paramLabel = "N",
            description = "With --engine local: run the independent tasks on N threads (default: every core, "
                    + "here ${DEFAULT-VALUE}); the results are identical for every N.")
    private int threads = Runtime.getRuntime().availableProcessors();

    /**
     * The chosen engine from {@code registry}, with the options it runs under.
     *
     * @throws CommandLine.ParameterException naming the option when the choice is not usable
     */
    Chosen resolve(CommandSpec spec, PluginRegistry registry) {
        if (threads < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--threads must be at least 1, was " + threads);
        }
        if (master != null && engineName.equals(LocalEngine.NAME)) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--master goes with --engine spark");
        }
        try {
            // The hardware file travels with the options: a Spark executor builds its registry with it.
            Optional<String> hardwareFile = registry.service(HardwareFile.class).map(f -> f.path().toString());
            return new Chosen(Engines.resolve(engineName, registry),
                    new EngineOptions(threads, Optional.ofNullable(master), hardwareFile));
        } catch (NoSuchElementException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
    }

    /**
     * An engine and how to run it.
     *
     * @param engine  the registered engine
     * @param options its threads and master
     */
    record Chosen(ExecutionEngine engine, EngineOptions options) {
    }
}
