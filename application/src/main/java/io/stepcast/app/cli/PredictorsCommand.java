package io.stepcast.app.cli;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;
import picocli.CommandLine;

/** {@code stepcast predictors}: the group of commands about the registered predictors. */
@Command(name = "predictors", mixinStandardHelpOptions = true, description = "Inspect the registered predictors.")
final class PredictorsCommand implements Runnable {
    @Spec
    private CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a sub-command is required (list)");
    }
}
