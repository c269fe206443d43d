package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.hardware.HardwareLabels;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Reads a user's observation file by its extension: Parquet observations or the generic CSV (the one place the
 * application calls for a user's files). Both give hardware labels in the catalog's words ({@link HardwareLabels}), so that a CSV file and a Parquet
 * file, or a training and a test file, that spell one system differently still match.
 */
public final class ObservationFileReader {
    private ObservationFileReader() {
    }

    /** The observations of {@code file} with what the reader noticed; the message of an error names the file. */
    public static ImportedObservations read(Path file) throws IOException {
        return read(file, new HardwareLabels());
    }

    /**
     * As {@link #read(Path)}, the hardware labels resolved through {@code labels} (the run's catalog, with the user's
     * hardware file when one is named).
     */
    public static ImportedObservations read(Path file, HardwareLabels labels) throws IOException {
        if (!parquet(file)) {
            return new GenericCsvImporter(labels).read(file);
        }
        HardwareLabels.Canonicalised c = labels.canonicalise(io.stepcast.datasets.parquet.ObservationFiles.read(file));
        return new ImportedObservations(c.observations(), 0, c.notes());
    }

    /** Configurations to predict: a CSV may leave out the measurements, a Parquet file's rows keep theirs. */
    public static GenericCsvImporter.Configurations readConfigurations(Path file) throws IOException {
        return readConfigurations(file, new HardwareLabels());
    }

    /** As {@link #readConfigurations(Path)}, the hardware labels resolved through {@code labels}. */
    public static GenericCsvImporter.Configurations readConfigurations(Path file, HardwareLabels labels)
            throws IOException {
        if (!parquet(file)) {
            return new GenericCsvImporter(labels).readConfigurations(file);
        }
        HardwareLabels.Canonicalised c = labels.canonicalise(io.stepcast.datasets.parquet.ObservationFiles.read(file));
        List<GenericCsvImporter.ConfigurationRow> rows = new ArrayList<>();
        c.observations().forEach(o -> rows.add(new GenericCsvImporter.ConfigurationRow(o.config(),
                Optional.of(o.measurements()))));
        return new GenericCsvImporter.Configurations(rows, c.notes());
    }

    private static boolean parquet(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet");
    }
}
