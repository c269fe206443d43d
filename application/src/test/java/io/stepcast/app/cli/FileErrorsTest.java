package io.stepcast.app.cli;

import org.junit.jupiter.api.Test;

import java.nio.file.AccessDeniedException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;

import static org.assertj.core.api.Assertions.assertThat;

/** A file-system failure reads as the path and what went wrong with it, not the bare path Java gives. */
class FileErrorsTest {
    @Test
    void eachKindOfFailureSaysWhatWentWrongWithThePath() {
        assertThat(FileErrors.oneLine(new FileAlreadyExistsException("out/x.csv")))
                .isEqualTo("out/x.csv: already exists and is in the way");
        assertThat(FileErrors.oneLine(new NoSuchFileException("in.csv"))).isEqualTo("in.csv: no such file or folder");
        assertThat(FileErrors.oneLine(new AccessDeniedException("/root/o"))).isEqualTo("/root/o: permission denied");
        assertThat(FileErrors.oneLine(new FileSystemException("a", "b", "Read-only file system")))
                .isEqualTo("a: Read-only file system (b)");
    }
}
