package io.stepcast.analytic.table;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A small comma-separated table with a header row, read whole into memory. Fields are split on commas
 * (no quoting: the analysed tables are numeric); blank lines are skipped. Every numeric read names the
 * file, the line and the column on failure, so a bad cell in a user's CSV is found at once.
 */
public final class CsvTable {
    private final String name;
    private final List<String> header;
    private final List<List<String>> rows;
    private final List<Integer> lineNumbers;

    private CsvTable(String name, List<String> header, List<List<String>> rows, List<Integer> lineNumbers) {
        this.name = name;
        this.header = List.copyOf(header);
        this.rows = rows.stream().map(List::copyOf).toList();
        this.lineNumbers = List.copyOf(lineNumbers);
    }

    /**
     * Reads a CSV file.
     *
     * @throws IOException when the file cannot be read, is empty, or a row has the wrong number of fields
     */
    public static CsvTable read(Path file) throws IOException {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IOException(file + ": cannot read (" + e.getMessage() + ")", e);
        }
        return parse(file.toString(), lines);
    }

    /**
     * Parses CSV lines; {@code name} is used in error messages.
     *
     * @throws IOException when there is no header or a row has the wrong number of fields
     */
    public static CsvTable parse(String name, List<String> lines) throws IOException {
        List<String> header = null;
        List<List<String>> rows = new ArrayList<>();
        List<Integer> numbers = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i);
            if (line.isBlank()) {
                continue;
            }
            List<String> fields = split(i == 0 ? stripBom(line) : line);
            if (header == null) {
                header = fields;
                continue;
            }
            if (fields.size() != header.size()) {
                throw new IOException(name + ":" + (i + 1) + ": expected " + header.size() + " fields, found "
                        + fields.size());
            }
            rows.add(fields);
            numbers.add(i + 1);
        }
        if (header == null) {
            throw new IOException(name + ": empty file, a header row is required");
        }
        return new CsvTable(name, header, rows, numbers);
    }

    private static String stripBom(String line) {
        return line.startsWith("\uFEFF") ? line.substring(1) : line;
    }

    private static List<String> split(String line) {
        List<String> out = new ArrayList<>();
        for (String f : line.split(",", -1)) {
            out.add(f.trim());
        }
        return out;
    }

    /** The file name or label given when reading. */
    public String name() {
        return name;
    }

    /** Column names in file order. */
    public List<String> header() {
        return Collections.unmodifiableList(header);
    }

    /** Number of data rows. */
    public int size() {
        return rows.size();
    }

    /** True when the table has the column. */
    public boolean has(String column) {
        return header.contains(column);
    }

    /**
     * Index of a column.
     *
     * @throws IllegalArgumentException naming the file, the missing column and the columns present
     */
    public int column(String column) {
        int i = header.indexOf(column);
        if (i < 0) {
            throw new IllegalArgumentException(name + ": no column '" + column + "' (columns: "
                    + String.join(", ", header) + ")");
        }
        return i;
    }

    /** The text of a cell. */
    public String text(int row, String column) {
        return rows.get(row).get(column(column));
    }

    /**
     * A whole column as finite numbers.
     *
     * @throws IllegalArgumentException naming the file, line and column of the first cell that is not a
     *                                  finite number
     */
    public double[] numbers(String column) {
        int c = column(column);
        double[] out = new double[rows.size()];
        for (int r = 0; r < rows.size(); r++) {
            String cell = rows.get(r).get(c);
            double v;
            try {
                v = Double.parseDouble(cell);
            } catch (NumberFormatException e) {
                v = Double.NaN;
            }
            if (!Double.isFinite(v)) {
                throw new IllegalArgumentException(name + ":" + lineNumbers.get(r) + ": column '" + column
                        + "' must be a finite number, was '" + cell + "'");
            }
            out[r] = v;
        }
        return out;
    }

    /** Line number in the file of a data row (1-based, header is line 1). */
}
