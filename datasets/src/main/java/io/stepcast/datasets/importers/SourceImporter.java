package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.datasets.catalog.SourceFolders;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * An importer of one published source that reads its folder, a part of it or one of its files with
 * {@link #read(Path)}: the source's metadata, its named parts (variants, each an importer of the same kind
 * configured to read that part) and the copy embedded in the jar, when there is one.
 */
public abstract class SourceImporter implements ObservationImporter {
    private final DataSource source;
    private final String description;

    /** @param description one line saying what {@link #read(Path)} accepts */
    SourceImporter(DataSource source, String description) {
        this.source = source;
        this.description = description;
    }

    /** Reads the source's folder, a part of it or one of its files. */
    public abstract ImportedObservations read(Path input) throws IOException;

    /** The variants by catalog name, each an importer of one part; none by default. */
    Map<String, SourceImporter> parts() {
        return Map.of();
    }

    /** What this importer reads from the copy in the jar, when the source is embedded. */
    Optional<ImportedObservations> embedded() throws IOException {
        return Optional.empty();
    }

    @Override
    public final String name() {
        return source.name();
    }

    @Override
    public final String description() {
        return description;
    }

    @Override
    public final Optional<DataSource> source() {
        return Optional.of(source);
    }

    @Override
    public final List<String> variants() {
        return List.copyOf(parts().keySet());
    }

    @Override
    public ImportedObservations importAll(Path dataDir) throws IOException {
        return read(SourceFolders.of(dataDir, name()));
    }

    @Override
    public ImportedObservations importAll(String variant, Optional<Path> dataDir) throws IOException {
        SourceImporter part = variant.equals(name()) ? this : parts().get(variant);
        if (part == null) {
            throw new IllegalArgumentException("importer " + name() + " has no variant '" + variant + "'");
        }
        if (dataDir.isPresent()) {
            return part.importAll(dataDir.get());
        }
        Optional<ImportedObservations> copy = part.embedded();
        if (copy.isEmpty()) {
            throw new FileNotFoundException(ObservationImporter.notEmbedded(name()));
        }
        return copy.get();
    }

    @Override
    public ImportedObservations importFile(Path input, ImportOptions options) throws IOException {
        return read(input);
    }
}
