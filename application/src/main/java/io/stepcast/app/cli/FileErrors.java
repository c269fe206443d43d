package io.stepcast.app.cli;

import java.nio.file.AccessDeniedException;
import java.nio.file.DirectoryNotEmptyException;
import java.nio.file.FileAlreadyExistsException;
import java.nio.file.FileSystemException;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;

/**
 * A file-system error as one line that says what went wrong with which path: Java's file exceptions carry only the
 * path as their message, so a failure would otherwise read {@code stepcast: error: out.csv}.
 */
final class FileErrors {
    private FileErrors() {
    }

    static String oneLine(FileSystemException e) {
        String what;
        if (e instanceof FileAlreadyExistsException) {
            what = "already exists and is in the way";
        } else if (e instanceof NoSuchFileException) {
            what = "no such file or folder";
        } else if (e instanceof AccessDeniedException) {
            what = "permission denied";
        } else if (e instanceof NotDirectoryException) {
            what = "is not a directory";
        } else if (e instanceof DirectoryNotEmptyException) {
            what = "is a folder that is not empty";
        } else {
            what = e.getReason() == null ? e.getClass().getSimpleName() : e.getReason();
        }
        String file = e.getFile() == null ? "" : e.getFile() + ": ";
        return file + what + (e.getOtherFile() == null ? "" : " (" + e.getOtherFile() + ")");
    }
}
