package io.stepcast.datasets.cli;

import com.google.inject.Inject;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileReader;

import java.util.Map;

/** Adds {@code stepcast datasets} to the CLI, over every registered importer and profile reader. */
public final class DatasetsCommandExtension implements CommandExtension {
    private final Registered registered;

    /** Guice gives every plugin's importers and readers. */
    @Inject
    public DatasetsCommandExtension(Map<String, ObservationImporter> importers, Map<String, ProfileReader> readers) {
        this.registered = new Registered(importers, readers);
    }

    @Override
    public String name() {
        return "datasets";
    }

    @Override
    public Object command(PluginRegistry registry) {
        return new DatasetsCommand(registered);
    }
}
