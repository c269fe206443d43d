package io.stepcast.evaluation.cli;

import io.stepcast.api.Observation;
import io.stepcast.datasets.parquet.ObservationFiles;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;

/** Reads a user's observations file: Parquet in the observations format, or the generic CSV. */
final class ObservationInputs {
    private ObservationInputs() {
    }

    static List<Observation> read(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file");
        }
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        if (name.endsWith(".parquet")) {
            return ObservationFiles.read(file);
        }
        throw new IOException(file + ": unsupported file type (expected .parquet or .csv)");
    }
}
