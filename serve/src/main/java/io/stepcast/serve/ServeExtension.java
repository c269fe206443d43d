package io.stepcast.serve;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;

/**
 * Adds {@code stepcast serve} to the CLI. The command serves every plugin on the class path, found again with
 * {@link PluginRegistry#discover(ClassLoader)} when it runs (the same class path as the CLI's own registry).
 */
public final class ServeExtension implements CommandExtension {
    @Override
    public String name() {
        return "serve";
    }

    @Override
    public Object command() {
        return new ServeCommand(() -> PluginRegistry.discover(ServeExtension.class.getClassLoader()));
    }
}
