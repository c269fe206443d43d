package io.stepcast.evaluation.suite;

import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.datasets.importers.GenericCsvImporter;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/** The one place that calls the datasets module's observation-file readers (Parquet and generic CSV). */
final class DatasetsReaders {
    private DatasetsReaders() {
    }

    static ImportedObservations read(Path file) throws IOException {
        return parquet(file) ? ImportedObservations.of(io.stepcast.datasets.parquet.ObservationFiles.read(file))
                : new GenericCsvImporter().read(file);
    }

    /** Configurations to predict: a CSV may leave out the measurements, a Parquet file's rows keep theirs. */
    static GenericCsvImporter.Configurations readConfigurations(Path file) throws IOException {
        if (!parquet(file)) {
            return new GenericCsvImporter().readConfigurations(file);
        }
        return new GenericCsvImporter.Configurations(io.stepcast.datasets.parquet.ObservationFiles.read(file).stream()
                .map(o -> new GenericCsvImporter.ConfigurationRow(o.config(), Optional.of(o.measurements()))).toList(),
                List.of());
    }

    private static boolean parquet(Path file) {
        return file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".parquet");
    }
}
