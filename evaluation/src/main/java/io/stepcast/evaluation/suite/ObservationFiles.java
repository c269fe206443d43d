package io.stepcast.evaluation.suite;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.Observation;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/**
 * Reads user-supplied observation files for {@code stepcast evaluate --train FILE --test FILE}: Parquet
 * observations or the generic CSV, both through the datasets module's readers.
 */
public final class ObservationFiles {
    private ObservationFiles() {
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
        if (!Files.isRegularFile(file)) {
            throw new IOException(file + ": no such file");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet") || name.endsWith(".csv")) {
            return DatasetsReaders.read(file);
        }
        throw new IOException(file + ": expected a .parquet observation file or a generic .csv");
    }
}
