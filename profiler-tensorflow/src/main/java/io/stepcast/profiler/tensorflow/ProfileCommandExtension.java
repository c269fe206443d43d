package io.stepcast.profiler.tensorflow;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.datasets.cli.ProfileCommand;
import picocli.CommandLine;

/** Adds {@code stepcast profile tensorflow} to the CLI (merged with the other plugins' {@code profile} sub-commands). */
public final class ProfileCommandExtension implements CommandExtension {
    @Override
    public String name() {
        return "profile";
    }

    @Override
    public Object command() {
        return new CommandLine(new ProfileCommand()).addSubcommand("tensorflow", new ProfileTensorflowCommand());
    }
}
