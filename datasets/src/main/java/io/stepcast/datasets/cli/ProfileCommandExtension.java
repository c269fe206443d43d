package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.CommandExtension;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

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
        return new CommandLine(new Profiles()).addSubcommand("inspect", new ProfileInspectCommand());
    }

    /** {@code stepcast profile}: prints its sub-commands. */
    @Command(name = "profile", mixinStandardHelpOptions = true,
            description = "Inspect and record training profiles.")
    static final class Profiles implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Override
        public Integer call() {
            spec.commandLine().usage(spec.commandLine().getOut());
            return 0;
        }
    }
}
