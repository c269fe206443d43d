package io.stepcast.serve;

import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.StepcastPlugin;

/**
 * The {@code serve} plugin: adds {@code stepcast serve} ({@link ServeCommand}) to the CLI. It registers no
 * estimator; it serves those of the other plugins, found at run time like the rest of the CLI.
 */
public final class ServePlugin extends StepcastPlugin {
    /** The plugin as {@link java.util.ServiceLoader} creates it. */
    public ServePlugin() {
        super("serve");
    }

    @Override
    protected void registerAll() {
        // The command serves the predictors of the CLI's own registry.
        command(new NamedCommandExtension("serve", ServeCommand::new));
    }
}
