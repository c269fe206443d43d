package io.stepcast.analytic.transfer;

import io.stepcast.api.Observation;
import io.stepcast.datasets.importers.GenericCsvImporter;

import java.io.ByteArrayInputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/** Rows in the generic CSV columns read as the CLI reads a user's file, for tests of synthetic numbers. */
final class SyntheticCsv {
    private SyntheticCsv() {
    }

    static List<Observation> read(String csv) {
        try {
            return new GenericCsvImporter().read(new ByteArrayInputStream(csv.getBytes(StandardCharsets.UTF_8)),
                    "synthetic.csv", "synthetic.csv").observations();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
