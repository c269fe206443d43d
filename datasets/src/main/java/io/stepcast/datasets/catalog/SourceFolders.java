package io.stepcast.datasets.catalog;

import java.io.FileNotFoundException;
import java.nio.file.Files;
import java.nio.file.Path;

/** The folder of a source under a data directory laid out like {@code shared/data}. */
public final class SourceFolders {
    private SourceFolders() {
    }

    /**
     * {@code dataDir/<folder>}, which must exist.
     *
     * @throws FileNotFoundException naming the missing folder
     */
    public static Path of(Path dataDir, String folder) throws FileNotFoundException {
        Path dir = dataDir.resolve(folder);
        if (!Files.isDirectory(dir)) {
            throw new FileNotFoundException(dir + ": no such folder");
        }
        return dir;
    }
}
