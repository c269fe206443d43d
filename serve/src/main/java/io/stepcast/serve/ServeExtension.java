package io.stepcast.serve;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;

/** Adds {@code stepcast serve} to the CLI; the command serves the predictors of the CLI's own registry. */
public final class ServeExtension implements CommandExtension {
    @Override
    public String name() {
        return "serve";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new ServeCommand(registry);
    }
}
