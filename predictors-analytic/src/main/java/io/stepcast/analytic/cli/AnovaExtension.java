package io.stepcast.analytic.cli;

import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.PluginRegistry;

/** Adds {@code stepcast anova} ({@link AnovaCommand}) to the CLI. */
public final class AnovaExtension implements CommandExtension {
    @Override
    public String name() {
        return "anova";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new AnovaCommand();
    }
}
