package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.CommandExtension;
import picocli.CommandLine;

/**
 * Adds {@code stepcast profile inspect} to the CLI. Other plugins add sub-commands of their own under the same
 * {@code profile} name (profiler-tensorflow's {@code profile tensorflow}); the CLI merges them into one command.
 */
public final class ProfileCommandExtension implements CommandExtension {
    @Override
    public String name() {
        return "profile";
    }

    @Override
    public Object command() {
        return new CommandLine(new ProfileCommand()).addSubcommand("inspect", new ProfileInspectCommand());
    }
}
