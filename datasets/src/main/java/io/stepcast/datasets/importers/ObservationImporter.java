package io.stepcast.datasets.importers;

import java.io.IOException;
import java.nio.file.Path;

/** Reads one public format into observations (see {@code docs/data-model.md} for every mapping). */
public interface ObservationImporter {

    /** The source name, e.g. {@code pollux}. */
    String name();

    /**
     * Reads a file of the format or the source's folder.
     *
     * @throws io.stepcast.datasets.io.DataFormatException when the input is not of this format, naming the
     *                                                     file and the line or field
     */
    ImportResult read(Path input) throws IOException;
}
