package io.stepcast.api.plugin;

import java.util.Objects;
import java.util.function.Function;

/**
 * A command extension given as its name and how its command is built over the CLI's registry. An extension that
 * needs nothing injected is an instance of it; one that carries injected services to its command extends it with
 * an {@code @Inject} constructor whose lambda captures them, so that no extension writes the two methods out again.
 */
public class NamedCommandExtension implements CommandExtension {
    private final String name;
    private final Function<PluginRegistry, Object> command;

    /**
     * @param name    the sub-command name, e.g. {@code simulate}
     * @param command builds a new picocli command object, as {@link CommandExtension#command} says
     */
    public NamedCommandExtension(String name, Function<PluginRegistry, Object> command) {
        this.name = Objects.requireNonNull(name, "name");
        this.command = Objects.requireNonNull(command, "command");
    }

    @Override
    public final String name() {
        return name;
    }

    @Override
    public final Object command(PluginRegistry registry) {
        return command.apply(registry);
    }
}
