package io.stepcast.evaluation.suite;

import io.stepcast.datasets.importers.ObservationFileReader;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.hardware.HardwareLabels;
import io.stepcast.datasets.importers.GenericCsvImporter;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads user-supplied observation files for {@code stepcast evaluate --train FILE --test FILE} and
 * {@code stepcast sweep --train FILE}: Parquet observations or the generic CSV, both through the datasets
 * module's readers.
 */
public final class UserObservationFiles {
    private UserObservationFiles() {
    }

    /**
     * The observations of {@code file}.
     *
     * @throws IOException naming the file (and, from the reader, the line or field) when it cannot be read
     */
    public static List<Observation> read(Path file) throws IOException {
        return readWithNotes(file).observations();
    }

    /**
     * The observations of {@code file} with what the reader noticed, such as unknown columns with the closest
     * known one.
     *
     * @throws IOException naming the file (and, from the reader, the line or field) when it cannot be read
     */
    public static ImportedObservations readWithNotes(Path file) throws IOException {
        return ObservationFileReader.read(checked(file));
    }

    /**
     * As {@link #readWithNotes(Path)}, the hardware labels read in {@code catalog}'s words (the run's catalog, which
     * has the user's hardware file when one is named), else the embedded catalog's.
     */
    public static ImportedObservations readWithNotes(Path file, Optional<HardwareCatalog> catalog) throws IOException {
        return ObservationFileReader.read(checked(file), labels(catalog));
    }

    /**
     * The configurations of {@code file} to predict, with their measurements where the file has some: the
     * generic CSV's measurement columns are optional here.
     *
     * @throws IOException naming the file (and, from the reader, the line or field) when it cannot be read
     */
    public static GenericCsvImporter.Configurations readConfigurations(Path file) throws IOException {
        return ObservationFileReader.readConfigurations(checked(file));
    }

    /** As {@link #readConfigurations(Path)}, the hardware labels read in {@code catalog}'s words. */
    public static GenericCsvImporter.Configurations readConfigurations(Path file, Optional<HardwareCatalog> catalog)
            throws IOException {
        return ObservationFileReader.readConfigurations(checked(file), labels(catalog));
    }

    private static HardwareLabels labels(Optional<HardwareCatalog> catalog) {
        return catalog.map(HardwareLabels::new).orElseGet(HardwareLabels::new);
    }

    private static Path checked(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such file");
        }
        if (!isObservationFile(file.toString())) {
            throw new IOException(file + ": expected a .parquet observation file or a generic .csv");
        }
        return file;
    }

    /** True when {@code name} ends like an observation file ({@code .csv} or {@code .parquet}, any case). */
    public static boolean isObservationFile(String name) {
        String n = name.toLowerCase(Locale.ROOT);
        return n.endsWith(".parquet") || n.endsWith(".csv");
    }

    /**
     * The rows with the model zoo's parameter bytes where the file has no {@code parameter_bytes} for a
     * model the zoo knows (a suite's importer knows its models; a user's file may not say): a given column
     * always wins. Hardware labels need nothing here: the readers already gave them in the catalog's words.
     */
    public static List<Observation> withZooParameterBytes(List<Observation> rows, Optional<ModelCatalog> zoo) {
        return rows.stream().map(o -> {
            Config c = withZooParameterBytes(o.config(), zoo);
            return c == o.config() ? o : new Observation(c, o.measurements(), o.source(), o.replication(), o.tags());
        }).toList();
    }

    /** One configuration with the zoo's parameter bytes when it has none and the zoo knows its model. */
    public static Config withZooParameterBytes(Config config, Optional<ModelCatalog> zoo) {
        if (zoo.isEmpty() || config.workload().parameterBytes().isPresent()) {
            return config;
        }
        return zoo.get().find(config.model()).map(m -> config.toBuilder().parameterBytes(m.parameterBytes()).build())
                .orElse(config);
    }
}
