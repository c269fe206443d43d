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

    /** Writes something to a path and says something about it (rows written, statistics). */
    @FunctionalInterface
    public interface Producer<T> {
        /** Writes the complete content to {@code temporary}. */
        T write(Path temporary) throws IOException;
    }

    /**
     * Calls {@code writer} with a fresh temporary path in the target's folder (which does not exist yet),
     * then moves it onto {@code target}; on failure the temporary file is deleted and the target is
     * untouched.
     */
    public static void write(Path target, Writer writer) throws IOException {
        writeReturning(target, tmp -> {
            writer.write(tmp);
            return null;
        });
    }

    /** As {@link #write}, returning what {@code producer} returns. */
    public static <T> T writeReturning(Path target, Producer<T> producer) throws IOException {
        Path abs = target.toAbsolutePath();
        Path tmp = temporaryFor(abs);
        boolean done = false;
        try {
            T result = producer.write(tmp);
            moveIntoPlace(tmp, abs);
            done = true;
            return result;
        } finally {
            if (!done) {
                Files.deleteIfExists(tmp);
                Path crc = tmp.resolveSibling("." + tmp.getFileName() + ".crc");
                Files.deleteIfExists(crc);
            }
        }
    }

    /**
     * A fresh temporary path beside {@code target} (its folder created if needed), which does not exist yet:
     * writers such as Parquet's refuse to overwrite.
     */
    public static Path temporaryFor(Path target) throws IOException {
        Path abs = target.toAbsolutePath();
        Path dir = abs.getParent();
        Files.createDirectories(dir);
        Path tmp = Files.createTempFile(dir, "." + abs.getFileName() + ".", ".tmp");
        Files.delete(tmp);
        return tmp;
    }

    /** Moves a complete temporary file onto {@code target}, atomically where the file system can. */
    public static void moveIntoPlace(Path temporary, Path target) throws IOException {
        try {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(temporary, target, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}
