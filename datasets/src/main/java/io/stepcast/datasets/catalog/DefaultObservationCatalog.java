package io.stepcast.datasets.catalog;

import com.google.inject.Inject;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.plugin.DatasetsPlugin;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The observations of the sources of every registered {@link ObservationImporter} that has a published
 * source: its name and each of its {@link ObservationImporter#variants() variants}, in registration order.
 * {@code dataDir} is a folder laid out like {@code shared/data}: each source's files under
 * {@code dataDir/<name>/}; {@code courier} and {@code tf-benchmarks} are also embedded in the jar and read
 * from there when no folder is given. The built-in sources are those {@link DatasetsPlugin} registers; each
 * name returns the rows its importer documents, in file order. Immutable and thread-safe.
 */
public final class DefaultObservationCatalog implements ObservationCatalog {
    /** Catalog name to the importer that reads it. */
    private final Map<String, ObservationImporter> bySource;

    /** The built-in sources of the datasets module alone (for tests and embedding). */
    public DefaultObservationCatalog() {
        this(DatasetsPlugin.builtIn().importers());
    }

    /** The sources of the given importers (Guice gives every registered one). */
    @Inject
    public DefaultObservationCatalog(Map<String, ObservationImporter> importers) {
        Map<String, ObservationImporter> m = new LinkedHashMap<>();
        for (ObservationImporter i : importers.values()) {
            if (i.source().isPresent()) {
                m.put(i.name(), i);
                i.variants().forEach(v -> m.put(v, i));
            }
        }
        this.bySource = Collections.unmodifiableMap(m);
    }

    @Override
    public List<String> sources() {
        return new ArrayList<>(bySource.keySet());
    }

    @Override
    public List<Observation> observations(String source, Optional<Path> dataDir) throws IOException {
        return result(source, dataDir).observations();
    }

    @Override
    public List<Profile> profiles(String source, Optional<Path> dataDir) throws IOException {
        return importer(source).profiles(source, dataDir);
    }

    /** The full import result of a source, with the count of deliberately skipped entries. */
    public ImportedObservations result(String source, Optional<Path> dataDir) throws IOException {
        return importer(source).importAll(source, dataDir);
    }

    private ObservationImporter importer(String source) {
        ObservationImporter i = bySource.get(source);
        if (i == null) {
            throw new UnknownNameException("source", source, bySource.keySet());
        }
        return i;
    }
}
