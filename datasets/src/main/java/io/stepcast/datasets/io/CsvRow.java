package io.stepcast.datasets.io;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;

import java.util.List;
import java.util.Map;
import java.util.function.Function;
import java.util.function.UnaryOperator;

/**
 * One data row of a CSV file with its header, so that cells are read by column name and every parse error
 * names the file, the line and the column.
 *
 * @param file   file name used in messages
 * @param line   1-based line number in the file
 * @param header column index by name
 * @param cells  the row's cells (as many as header columns)
 */
public record CsvRow(String file, long line, Map<String, Integer> header, List<String> cells) {
    /** How a CSV file's messages name its columns: {@code column 'micro_batch'}, mentioned in passing by name. */
    public static final FieldNames COLUMNS = column -> "column '" + column + "'";

    /** The raw text of a column (trimmed), empty when the cell is blank. */
    public String text(String column) throws DataFormatException {
        Integer i = header.get(column);
        if (i == null) {
            throw DataFormatException.at(file, line, "no column '" + column + "' (columns: "
                    + String.join(", ", header.keySet()) + ")");
        }
        return cells.get(i).trim();
    }

    /** True when the file has the column and this row's cell is not blank. */
    public boolean has(String column) {
        Integer i = header.get(column);
        return i != null && !cells.get(i).isBlank();
    }

    /** A required non-blank text cell. */
    public String requiredText(String column) throws DataFormatException {
        String v = text(column);
        if (v.isEmpty()) {
            throw refuse(column, "is empty");
        }
        return v;
    }

    /** A required finite number. */
    public double number(String column) throws DataFormatException {
        String v = requiredText(column);
        try {
            double d = Double.parseDouble(v);
            if (!Double.isFinite(d)) {
                throw refuse(column, "is not a finite number: " + v);
            }
            return d;
        } catch (NumberFormatException e) {
            throw refuse(column, "is not a number: '" + v + "'");
        }
    }

    /** A required number that must not be negative (times, sizes). */
    public double nonNegative(String column) throws DataFormatException {
        double d = number(column);
        if (d < 0) {
            throw refuse(column, "must not be negative, was " + d);
        }
        return d;
    }

    /** A required number that must be positive. */
    public double positive(String column) throws DataFormatException {
        double d = number(column);
        if (d <= 0) {
            throw refuse(column, "must be positive, was " + d);
        }
        return d;
    }

    /** A required whole number. */
    public int integer(String column) throws DataFormatException {
        String v = requiredText(column);
        try {
            return Integer.parseInt(v);
        } catch (NumberFormatException e) {
            // Some tables write counts as 4.0; accept exact whole numbers only.
            try {
                double d = Double.parseDouble(v);
                if (d == Math.rint(d) && Math.abs(d) < Integer.MAX_VALUE) {
                    return (int) d;
                }
                if (d == Math.rint(d)) {
                    throw refuse(column, "is out of range: '" + v + "' is not in [" + Integer.MIN_VALUE + ", "
                            + Integer.MAX_VALUE + "]");
                }
            } catch (NumberFormatException ignored) {
                // fall through to the clear message
            }
            throw refuse(column, "is not a whole number: '" + v + "'");
        }
    }

    /** A required whole number of at least 1. */
    public int positiveInteger(String column) throws DataFormatException {
        int v = integer(column);
        if (v < 1) {
            throw refuse(column, "must be at least 1, was " + v);
        }
        return v;
    }

    /** Wraps a domain validation failure of this row into a located error. */
    public DataFormatException invalid(RuntimeException e) {
        return DataFormatException.at(file, line, e.getMessage());
    }

    /**
     * Wraps a refusal of a field into a located error that carries the row's column of the field: {@code columnOf}
     * maps the refused field, and any field its reason mentions, to the column that states it.
     */
    public DataFormatException invalid(InvalidField e, UnaryOperator<String> columnOf) {
        return refuse(columnOf.apply(e.field()), names -> e.reason(new FieldNames() {
            @Override
            public String name(String field) {
                return names.name(columnOf.apply(field));
            }

            @Override
            public String mention(String field) {
                return names.mention(columnOf.apply(field));
            }

            @Override
            public String switchOn(String field) {
                return names.switchOn(columnOf.apply(field));
            }

            @Override
            public String keepOn(String field) {
                return names.keepOn(columnOf.apply(field));
            }
        }));
    }

    /** A located refusal of {@code column} ({@code file:line: column 'x' <reason>}) that carries the column. */
    public DataFormatException refuse(String column, String reason) {
        return DataFormatException.at(file, line, new InvalidField(column, reason));
    }

    /** A located refusal of {@code column} whose reason names other columns through the reader's {@link FieldNames}. */
    public DataFormatException refuse(String column, Function<FieldNames, String> reason) {
        return DataFormatException.at(file, line, new InvalidField(column, reason));
    }
}
