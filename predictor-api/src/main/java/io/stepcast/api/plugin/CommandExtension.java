package io.stepcast.api.plugin;

/**
 * A sub-command a plugin adds to the {@code stepcast} CLI. The application module's own commands
 * ({@code evaluate}, {@code fit}, ...) are registered this way too, so the CLI reads one registry for all of
 * them. The extension is created by Guice, so it may inject {@link ProfileSource} and other bound services;
 * {@link NamedCommandExtension} implements it from a name and a function that builds the command.
 *
 * <p>Two extensions may share a name only when both are command groups (commands with sub-commands, such as
 * {@code profile}): the CLI then merges their sub-commands. Any other clash fails when the CLI is built.
 */
public interface CommandExtension {

    /** The sub-command name, e.g. {@code simulate}. */
    String name();

    /**
     * A picocli command object (a class annotated with {@code @picocli.CommandLine.Command} that implements
     * {@code Callable<Integer>}, or a {@code picocli.CommandLine}); typed as {@code Object} so that this API does
     * not depend on picocli.
     *
     * @param registry the registry the CLI is built from, so that a command finds the same estimators,
     *                 protocols and importers as every other command (tests build the CLI over a registry of
     *                 their own)
     */
    Object command(PluginRegistry registry);
}
