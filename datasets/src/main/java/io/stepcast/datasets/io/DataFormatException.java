package io.stepcast.datasets.io;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;

import java.io.IOException;
import java.util.Optional;

/**
 * A file does not have the format its reader expects. The message always names the file and the line
 * (or the field), so that a user can open the file at the offending place. A refusal of one column of a row
 * ({@link #at(String, long, InvalidField)}) carries that column, so that a front end that reads its input as a CSV
 * row (a request, a sweep's point) names it in its own words ({@link #field()}).
 */
public class DataFormatException extends IOException {
    private static final long serialVersionUID = 1L;

    private final String problem;
    private final InvalidField field;

    /** @param where the file, optionally followed by {@code :line} or a field name */
    public DataFormatException(String where, String problem) {
        this(where, problem, null);
    }

    /** With the underlying cause (for example a number that does not parse). */
    public DataFormatException(String where, String problem, Throwable cause) {
        super(where + ": " + problem, cause);
        this.problem = problem;
        this.field = null;
    }

    private DataFormatException(String where, InvalidField field) {
        super(where + ": " + field.named(CsvRow.COLUMNS), field);
        this.problem = field.named(CsvRow.COLUMNS);
        this.field = field;
    }

    /** {@code file:line}: the usual way to point at a row of a text file. */
    public static DataFormatException at(String file, long line, String problem) {
        return new DataFormatException(file + ":" + line, problem);
    }

    /** {@code file:line: column 'x' ...}: the row's column {@code field.field()} refused for {@code field}'s reason. */
    public static DataFormatException at(String file, long line, InvalidField field) {
        return new DataFormatException(file + ":" + line, field);
    }

    /** What is wrong, without where (the message after {@code file:line: }). */
    public String problem() {
        return problem;
    }

    /** The column refused and why, when the problem is one column's; empty for any other. */
    public Optional<InvalidField> field() {
        return Optional.ofNullable(field);
    }
}
