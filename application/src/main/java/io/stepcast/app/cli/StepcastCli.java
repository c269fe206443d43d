package io.stepcast.app.cli;

import io.stepcast.api.StepcastVersion;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.logging.Level;
import java.util.logging.LogManager;
import java.util.logging.Logger;

/**
 * The {@code stepcast} command line: a root command over every {@link CommandExtension} of the plugin registry
 * (the application module registers its own commands the same way), so this class never names a command's
 * module. Exit codes: 0 success, 1 failure (one line on stderr; the stack trace only with
 * {@code --verbose}), 2 usage error, among them an output path given to an option marked
 * {@link io.stepcast.api.plugin.WritesTo} that cannot be written (checked before the command runs).
 */
@Command(name = "stepcast", mixinStandardHelpOptions = true, versionProvider = StepcastCli.Version.class,
        sortOptions = false, usageHelpAutoWidth = true,
        description = {"Predicts the throughput, step time and SLO-feasible batch size of distributed "
                + "deep-learning training, and scores every predictor on real cluster traces.", ""},
        footer = {"", "Run 'stepcast COMMAND --help' for the options of a command."})
public final class StepcastCli implements Runnable {
    /** Exit code of a failure that is not a usage error. */
    public static final int FAILURE = 1;
    /** Exit code of a usage error. */
    public static final int USAGE = 2;

    @Spec
    private CommandSpec spec;

    @Option(names = "--verbose", scope = CommandLine.ScopeType.INHERIT,
            description = "Print stack traces of errors.")
    private boolean verbose;

    /**
     * Read before the command line is parsed ({@link HardwareFileChoice}), since the catalog every command is built
     * with must have the file's entries; declared so that every command accepts it and lists it in its help.
     */
    @Option(names = HardwareFileChoice.OPTION, scope = CommandLine.ScopeType.INHERIT, paramLabel = "FILE",
            description = "Your own hardware (devices, links, NICs, systems; YAML, docs/hardware-file.md), added to "
                    + "the catalog for this run (default: the environment variable "
                    + HardwareFileChoice.ENVIRONMENT + ").")
    private java.nio.file.Path hardwareFile;

    @Override
    public void run() {
        // No sub-command: show what there is and fail as a usage error, so scripts notice.
        spec.commandLine().usage(spec.commandLine().getErr());
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required");
    }

    /** Runs the CLI with the plugins on the class path and exits with its code. */
    public static void main(String[] args) {
        quietLibraries();
        System.exit(run(args, System.getenv(), new PrintWriter(System.out, true), new PrintWriter(System.err, true)));
    }

    /**
     * Runs the CLI with the plugins on the class path and the hardware file that {@code --hardware-file} or, without
     * it, the environment's {@code STEPCAST_HARDWARE_FILE} names ({@link HardwareFileChoice}), writing to the given
     * streams; returns the exit code. A plugin that breaks a start-up rule, or a hardware file that cannot be read,
     * is one line on {@code err} and exit code 1.
     */
    public static int run(String[] args, Map<String, String> environment, PrintWriter out, PrintWriter err) {
        PluginRegistry registry;
        Optional<HardwareFile> file;
        try {
            file = HardwareFileChoice.of(args, environment);
        } catch (IllegalArgumentException e) {
            // --hardware-file without its FILE: a usage error, as picocli answers any option missing its value.
            err.println("stepcast: error: " + e.getMessage());
            err.flush();
            return USAGE;
        }
        try {
            registry = HardwareFileChoice.registry(file);
        } catch (IllegalStateException | IllegalArgumentException e) {
            // A plugin that breaks a start-up rule (an estimator without a codec, say), or a hardware file with a
            // mistake, is one line, not a trace.
            err.println("stepcast: error: " + e.getMessage());
            err.flush();
            return FAILURE;
        }
        return run(registry, args, out, err);
    }

    /**
     * Runs the CLI over the given plugins, writing to the given streams; returns the exit code. The registry must have
     * been built with the hardware file the arguments name, if any ({@link #run(String[], Map, PrintWriter,
     * PrintWriter)} builds it so); a different one is refused rather than ignored.
     */
    public static int run(PluginRegistry registry, String[] args, PrintWriter out, PrintWriter err) {
        boolean verbose = List.of(args).contains("--verbose");
        Optional<String> mismatch = HardwareFileChoice.mismatch(registry, args);
        if (mismatch.isPresent()) {
            err.println("stepcast: error: " + mismatch.get());
            err.flush();
            return FAILURE;
        }
        CommandLine cli;
        try {
            cli = commandLine(registry);
        } catch (IllegalStateException e) {
            err.println("stepcast: error: " + e.getMessage());
            return FAILURE;
        }
        cli.setOut(out);
        cli.setErr(err);
        // Outputs are checked before any command runs: a run must not end in an error for a path it could never write.
        cli.setExecutionStrategy(parsed -> {
            OutputPathCheck.check(parsed);
            return new CommandLine.RunLast().execute(parsed);
        });
        cli.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            commandLine.getErr().println("stepcast: error: " + oneLine(ex));
            if (verbose) {
                ex.printStackTrace(commandLine.getErr());
            }
            return FAILURE;
        });
        cli.setParameterExceptionHandler((ex, strings) -> {
            CommandLine c = ex.getCommandLine();
            c.getErr().println("stepcast: " + ex.getMessage());
            c.getErr().println("Try '" + c.getCommandSpec().qualifiedName() + " --help'.");
            if (verbose) {
                ex.printStackTrace(c.getErr());
            }
            return USAGE;
        });
        return cli.execute(args);
    }

    /**
     * The command tree: every command extension in the registry, the application module's own commands among
     * them ({@link io.stepcast.app.ApplicationPlugin}).
     *
     * @throws IllegalStateException when two extensions register the same command and are not both command
     *                               groups, or two groups register the same sub-command
     */
    public static CommandLine commandLine(PluginRegistry registry) {
        CommandLine cli = new CommandLine(new StepcastCli());
        registry.commands().stream()
                .sorted(Comparator.comparing(CommandExtension::name).thenComparing(ext -> ext.getClass().getName()))
                .forEach(ext -> add(cli, ext.name(), ext.command(registry)));
        return cli;
    }

    /**
     * Adds an extension's command. When a plugin already added a group of that name (several plugins contribute
     * {@code profile} sub-commands), the new group's sub-commands join it; any other clash is an error, so a
     * plugin can neither replace nor silently lose to another plugin's command.
     */
    private static void add(CommandLine cli, String name, Object command) {
        CommandLine added = command instanceof CommandLine c ? c : new CommandLine(command);
        CommandLine existing = cli.getSubcommands().get(name);
        if (existing == null) {
            cli.addSubcommand(name, added);
            return;
        }
        if (existing.getSubcommands().isEmpty() || added.getSubcommands().isEmpty()) {
            throw new IllegalStateException("two plugins register the command '" + name + "': "
                    + commandClass(existing) + " and " + commandClass(added));
        }
        added.getSubcommands().forEach((sub, subCommand) -> {
            CommandLine clash = existing.getSubcommands().get(sub);
            if (clash != null) {
                throw new IllegalStateException("two plugins register the command '" + name + " " + sub + "': "
                        + commandClass(clash) + " and " + commandClass(subCommand));
            }
            existing.addSubcommand(sub, subCommand);
        });
    }

    private static String commandClass(CommandLine command) {
        return command.getCommandSpec().userObject().getClass().getName();
    }

    private static String oneLine(Throwable ex) {
        Throwable t = ex;
        String message = t.getMessage();
        // Wrapped exceptions often carry no message of their own; the cause says what went wrong.
        while ((message == null || message.isBlank()) && t.getCause() != null) {
            t = t.getCause();
            message = t.getMessage();
        }
        if (t instanceof java.io.UncheckedIOException && t.getCause() instanceof java.nio.file.FileSystemException) {
            t = t.getCause();
        }
        if (t instanceof java.nio.file.FileSystemException fse) {
            return FileErrors.oneLine(fse).replace('\n', ' ').strip();
        }
        String text = message == null || message.isBlank() ? t.getClass().getSimpleName() : message;
        return text.replace('\n', ' ').strip();
    }

    private static void quietLibraries() {
        // Tribuo and Hadoop log through java.util.logging at INFO; a CLI prints only what it means to.
        LogManager.getLogManager().reset();
        Logger.getLogger("").setLevel(Level.WARNING);
    }

    /** Version text for {@code --version}. */
    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"stepcast " + StepcastVersion.get(),
                    "Java " + System.getProperty("java.version") + " (" + System.getProperty("java.vendor") + ")"};
        }
    }
}
