package io.stepcast.datasets.io;

import java.io.IOException;

/**
 * A file does not have the format its reader expects. The message always names the file and the line
 * (or the field), so that a user can open the file at the offending place.
 */
public class DataFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    /** @param where the file, optionally followed by {@code :line} or a field name */
    public DataFormatException(String where, String problem) {
        super(where + ": " + problem);
    }

    /** With the underlying cause (for example a number that does not parse). */
    public DataFormatException(String where, String problem, Throwable cause) {
        super(where + ": " + problem, cause);
    }

    /** {@code file:line}: the usual way to point at a row of a text file. */
    public static DataFormatException at(String file, long line, String problem) {
        return new DataFormatException(file + ":" + line, problem);
    }
}
