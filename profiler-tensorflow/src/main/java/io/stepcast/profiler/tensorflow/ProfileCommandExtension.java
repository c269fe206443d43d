package io.stepcast.profiler.tensorflow;

import io.stepcast.api.plugin.CommandExtension;
import picocli.CommandLine;

/** Adds {@code stepcast profile} with its {@code tensorflow} sub-command to the CLI. */
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
