package io.stepcast.evaluation.suite;

import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileSource;

import java.io.IOException;
import java.io.Serializable;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a suite run's inputs come from, as a serializable recipe (names and paths, nothing read): the driver
 * opens it to plan the run, and a remote executor opens it again to plan the same tasks with its own plugins.
 */
public interface SuiteSource extends Serializable {

    /** The suite, its observations and profiles, read with the plugins of {@code registry}. */
    Opened open(PluginRegistry registry) throws IOException;

    /**
     * An opened source.
     *
     * @param suite    the suite
     * @param catalog  where its observations come from
     * @param profiles zoo profiles, when a plugin provides them
     * @param dataDir  folder laid out like {@code shared/data}; empty for the embedded tables only
     */
    record Opened(Suite suite, ObservationCatalog catalog, Optional<ProfileSource> profiles, Optional<Path> dataDir) {
    }
}
