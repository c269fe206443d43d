package io.stepcast.evaluation.cli;

import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine;

/** Adds the built-in commands of the evaluation module to the root command. */
final class BuiltInCommands {
    private BuiltInCommands() {
    }

    static void addTo(CommandLine cli, PluginRegistry registry) {
        cli.addSubcommand("evaluate", new EvaluateCommand(registry));
        cli.addSubcommand("fit", new FitCommand(registry));
        cli.addSubcommand("predict", new PredictCommand(registry));
        cli.addSubcommand("select-batch", new SelectBatchCommand(registry));
        cli.addSubcommand("sweep", new SweepCommand(registry));
    }
}
