package io.stepcast.api.plugin;

/**
 * A sub-command a plugin adds to the {@code stepcast} CLI, for commands that need a module's internals
 * (for example {@code simulate} with its trace export, or {@code anova}). The CLI adds
 * {@link #command()} as a picocli sub-command; the object is created by Guice, so it may inject
 * {@link ProfileSource} and other bound services.
 */
public interface CommandExtension {

    /** The sub-command name, e.g. {@code simulate}. */
    String name();

    /**
     * A picocli command object (a class annotated with {@code @picocli.CommandLine.Command} that implements
     * {@code Callable<Integer>}); typed as {@code Object} so that this API does not depend on picocli.
     */
    Object command();
}
