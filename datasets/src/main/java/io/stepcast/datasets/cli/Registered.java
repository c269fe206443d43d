package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.datasets.catalog.UnknownNameException;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import picocli.CommandLine;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What the {@code datasets} commands read from the plugin registry: the importers and profile readers by
 * name, in registration order.
 *
 * @param importers every registered observation importer
 * @param readers   every registered profile reader
 */
record Registered(Map<String, ObservationImporter> importers, Map<String, ProfileReader> readers) {
    Registered {
        importers = Collections.unmodifiableMap(new LinkedHashMap<>(importers));
        readers = Collections.unmodifiableMap(new LinkedHashMap<>(readers));
    }

    /** Those of a plugin registry. */
    static Registered of(PluginRegistry registry) {
        return new Registered(registry.importers(), registry.profileReaders());
    }

    /** Those of the datasets module alone, for a command run outside the stepcast CLI (tests). */
    static Registered builtIn() {
        return of(DatasetsPlugin.builtIn());
    }

    /** The published sources, in registration order. */
    List<DataSource> sources() {
        return importers.values().stream().map(ObservationImporter::source).flatMap(Optional::stream).toList();
    }

    /**
     * The named published source.
     *
     * @throws CommandLine.ParameterException (exit code 2) naming the closest sources
     */
    DataSource source(String name, CommandLine cli) {
        return sources().stream().filter(s -> s.name().equals(name)).findFirst().orElseThrow(() ->
                new CommandLine.ParameterException(cli, new UnknownNameException("source", name,
                        sources().stream().map(DataSource::name).toList()).getMessage()));
    }
}
