package io.stepcast.app.cli;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.NamedCommandExtension;
import picocli.CommandLine;

import java.util.List;

/**
 * The application module's own commands ({@code evaluate}, {@code fit}, {@code predict}, {@code select-batch},
 * {@code sweep}, {@code report} and {@code predictors list}) as command extensions, which
 * {@link io.stepcast.app.ApplicationPlugin} registers like any plugin's.
 */
public final class BuiltInCommands {
    private BuiltInCommands() {
    }

    /** One extension per built-in command, each building its command over the CLI's registry. */
    public static List<CommandExtension> extensions() {
        return List.of(
                new NamedCommandExtension("evaluate", EvaluateCommand::new),
                new NamedCommandExtension("fit", FitCommand::new),
                new NamedCommandExtension("predict", PredictCommand::new),
                new NamedCommandExtension("select-batch", SelectBatchCommand::new),
                new NamedCommandExtension("sweep", SweepCommand::new),
                new NamedCommandExtension("report", registry -> new ReportCommand()),
                new NamedCommandExtension("predictors", registry -> new CommandLine(new PredictorsCommand())
                        .addSubcommand("list", new PredictorsListCommand(registry))));
    }
}
