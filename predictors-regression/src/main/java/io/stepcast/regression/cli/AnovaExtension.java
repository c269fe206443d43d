package io.stepcast.regression.cli;

import io.stepcast.api.plugin.CommandExtension;

/** Adds {@code stepcast anova} ({@link AnovaCommand}) to the CLI. */
public final class AnovaExtension implements CommandExtension {
    @Override
    public String name() {
        return "anova";
    }

    @Override
    public Object command() {
        return new AnovaCommand();
    }
}
