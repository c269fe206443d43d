package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine;

/**
 * A plugin's sub-command of {@code stepcast profile}: each plugin contributes one under the shared name
 * {@code profile}, and the CLI merges them into one {@link ProfileCommand}. Subclasses need a no-argument or an
 * {@code @Inject} constructor (Guice creates them).
 */
public abstract class ProfileSubcommandExtension implements CommandExtension {
    private final String subcommand;

    /** @param subcommand the sub-command's name under {@code profile} */
    protected ProfileSubcommandExtension(String subcommand) {
        this.subcommand = subcommand;
    }

    /** A new picocli command object for the sub-command. */
    protected abstract Object subcommand();

    @Override
    public final String name() {
        return "profile";
    }

    @Override
    public final Object command(PluginRegistry registry) {
        return new CommandLine(new ProfileCommand()).addSubcommand(subcommand, subcommand());
    }
}
