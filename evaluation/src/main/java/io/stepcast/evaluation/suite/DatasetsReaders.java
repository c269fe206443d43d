package io.stepcast.evaluation.suite;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.importers.GenericCsvImporter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Locale;

/** The one place that calls the datasets module's observation-file readers (Parquet and generic CSV). */
final class DatasetsReaders {
    private DatasetsReaders() {
    }

    static ImportedObservations read(Path file) throws IOException {
        String name = file.getFileName().toString().toLowerCase(Locale.ROOT);
        return name.endsWith(".parquet")
                ? ImportedObservations.of(io.stepcast.datasets.parquet.ObservationFiles.read(file))
                : new GenericCsvImporter().read(file);
    }
}
