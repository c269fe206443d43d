package io.stepcast.datasets.cli;

import com.google.inject.Inject;
import io.stepcast.api.plugin.NamedCommandExtension;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.plugin.ProfileReader;

import java.util.Map;

/** Adds {@code stepcast datasets} to the CLI, over every registered importer and profile reader. */
public final class DatasetsCommandExtension extends NamedCommandExtension {
    /** Guice gives every plugin's importers and readers. */
    @Inject
    public DatasetsCommandExtension(Map<String, ObservationImporter> importers, Map<String, ProfileReader> readers) {
        this(new Registered(importers, readers));
    }

    private DatasetsCommandExtension(Registered registered) {
        super("datasets", registry -> new DatasetsCommand(registered));
    }
}
