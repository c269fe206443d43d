package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.CommandExtension;

/** Adds {@code stepcast datasets} to the CLI. */
public final class DatasetsCommandExtension implements CommandExtension {

    @Override
    public String name() {
        return "datasets";
    }

    @Override
    public Object command() {
        return new DatasetsCommand();
    }
}
