package io.stepcast.evaluation.suite;

import io.stepcast.api.Observation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/** The one place that calls the datasets module's observation-file readers. */
final class DatasetsReaders {
    private DatasetsReaders() {
    }

    static List<Observation> read(Path file) throws IOException {
        throw new IOException(file + ": reading observation files needs the datasets module's Parquet and generic CSV "
                + "readers, which this build does not have yet");
    }
}
