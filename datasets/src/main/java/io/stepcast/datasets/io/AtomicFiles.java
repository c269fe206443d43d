package io.stepcast.datasets.io;

import java.io.IOException;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;

/**
 * Writes a file through a temporary sibling that is moved into place only when the write succeeded,
 * so a failed import never leaves a half-written file nor destroys the previous version.
 */
public final class AtomicFiles {
    private AtomicFiles() {
    }

    /** Writes something to a path. */
    @FunctionalInterface
    public interface Writer {
        /** Writes the complete content to {@code temporary}. */
        void write(Path temporary) throws IOException;
    }

    /**
     * Calls {@code writer} with a fresh temporary path in the target's folder (which does not exist yet),
     * then moves it onto {@code target}; on failure the temporary file is deleted and the target is
     * untouched.
     */
    public static void write(Path target, Writer writer) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        // Writers such as Parquet's refuse to overwrite: hand them a path that does not exist.
        Files.delete(tmp);
        boolean done = false;
        try {
            writer.write(tmp);
            try {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
            } catch (AtomicMoveNotSupportedException e) {
                Files.move(tmp, abs, StandardCopyOption.REPLACE_EXISTING);
            }
            done = true;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
                Path crc = tmp.resolveSibling("." + tmp.getFileName() + ".crc");
                Files.deleteIfExists(crc);
            }
        }
    }
}
