package io.stepcast.datasets.importers;

import io.stepcast.api.plugin.ImportOptions;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * A registered importer or profile reader whose {@code stepcast datasets import} output is a Parquet table
 * of its own kind (an iteration trace, an op trace) rather than observations. {@code datasets import} asks
 * a registered object that implements it, and writes the observations of any other importer itself.
 */
public interface ParquetImport {

    /**
     * Imports {@code input} into {@code out} (written to a temporary file, then moved into place).
     *
     * @param observations where to write observations too, when the format has them and the user asked
     * @return the lines to print, one per file written
     */
    List<String> importToParquet(Path input, Path out, Optional<Path> observations, ImportOptions options)
            throws IOException;
}
