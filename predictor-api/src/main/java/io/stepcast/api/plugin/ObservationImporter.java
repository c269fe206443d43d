package io.stepcast.api.plugin;

import io.stepcast.api.profile.Profile;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * Reads one public format into observations, and knows the published source it comes from (when there is
 * one). Registered by name with {@link StepcastPlugin#importer}; the observation catalog, {@code stepcast
 * datasets list}, {@code import} and {@code fetch} all read the importers of the plugin registry.
 * Implementations are stateless and thread-safe.
 */
public interface ObservationImporter {

    /** The importer's name, e.g. {@code pollux}; also its source's name and folder under a data directory. */
    String name();

    /** One line saying what it reads, for {@code stepcast datasets list}. */
    String description();

    /**
     * The published source: citation, licence, upstream and every file with its checksum. Empty for a
     * format without one data set (a generic CSV table, a driver log), which the catalog does not list.
     */
    Optional<DataSource> source();

    /**
     * Further catalog names, each a part of the source (e.g. {@code pollux-placements}); read with
     * {@link #importAll(String, Optional)}.
     */
    default List<String> variants() {
        return List.of();
    }

    /**
     * The whole source, from a folder laid out like {@code shared/data} (its files under
     * {@code dataDir/<name>/}).
     *
     * This default is for a format without a {@link #source()}, which has no folder to read.
     *
     * @throws IOException when the files cannot be read, naming the file and line
     */
    default ImportedObservations importAll(Path dataDir) throws IOException {
        throw new UnsupportedOperationException(name() + " is a format without a published source: "
                + "import a file of it with importFile");
    }

    /**
     * The source or one of its {@link #variants()}; without a data folder, the copy embedded in the plugin
     * when it has one. This default reads {@link #importAll(Path)} and has no variants and no copy.
     *
     * @throws FileNotFoundException when no folder is given and the source is not embedded
     */
    default ImportedObservations importAll(String variant, Optional<Path> dataDir) throws IOException {
        if (!variant.equals(name())) {
            throw new IllegalArgumentException("importer " + name() + " has no variant '" + variant + "'");
        }
        if (dataDir.isEmpty()) {
            throw new FileNotFoundException(notEmbedded(name()));
        }
        return importAll(dataDir.get());
    }

    /**
     * The recorded single-worker profiles that belong to the observations of the source or a variant (see
     * {@link ObservationCatalog#profiles}); most sources have none.
     *
     * @throws IOException when the profiles cannot be read, naming the file
     */
    default List<Profile> profiles(String variant, Optional<Path> dataDir) throws IOException {
        return List.of();
    }

    /**
     * One file of the format or the source's folder, as {@code stepcast datasets import NAME --input PATH}
     * reads it before writing the observations to Parquet.
     *
     * @param options what the format does not record (model, workers, dataset), as given on the command line
     * @throws IOException when the input is not of this format, naming the file and the line or field
     */
    ImportedObservations importFile(Path input, ImportOptions options) throws IOException;

    /**
     * The message of a source read without a data folder that is not embedded. It names the folder, not
     * "source X", because callers prefix the source's name themselves.
     */
    static String notEmbedded(String folder) {
        return "not embedded in stepcast; the data folder must hold " + folder + "/, laid out like shared/data";
    }
}
