package io.stepcast.datasets.io;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.Reader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Streams a CSV file with a header line (RFC 4180 quoting, comma separator, blank lines skipped) row by
 * row. Rows with a different number of cells than the header are refused with the file and line. Opened with
 * {@link #openWithComments}, a line whose first non-blank character is {@code #} is skipped too, wherever it is
 * (users cite a table's source on top of their transcription). Line numbers are always the file's physical ones.
 */
public final class CsvReader implements AutoCloseable {
    private final BufferedReader in;
    private final String file;
    private final Map<String, Integer> header;
    /** Whether lines starting with {@code #} are comments. */
    private final boolean comments;
    private final long headerLine;
    private long line;

    private CsvReader(Reader reader, String file, boolean comments) throws IOException {
        this.in = reader instanceof BufferedReader b ? b : new BufferedReader(reader);
        this.file = file;
        this.comments = comments;
        String first = nextNonBlank();
        this.headerLine = line;
        if (first == null) {
            throw new DataFormatException(file, "the file is empty (a CSV header line was expected)");
        }
        if (first.startsWith("\uFEFF")) {
            first = first.substring(1);
        }
        List<String> names = split(first);
        Map<String, Integer> h = new LinkedHashMap<>();
        for (int i = 0; i < names.size(); i++) {
            String n = names.get(i).trim();
            if (n.isEmpty()) {
                throw DataFormatException.at(file, line, "header column " + (i + 1) + " has no name");
            }
            if (h.put(n, i) != null) {
                throw DataFormatException.at(file, line, "header column '" + n + "' appears twice");
            }
        }
        this.header = Collections.unmodifiableMap(h);
    }

    /** Opens a file (UTF-8); messages name it by {@code displayName}. */
    public static CsvReader open(Path path, String displayName) throws IOException {
        return new CsvReader(Files.newBufferedReader(path, StandardCharsets.UTF_8), displayName, false);
    }

    /** Reads a stream (UTF-8), for embedded resources. */
    public static CsvReader open(InputStream stream, String displayName) throws IOException {
        return new CsvReader(new InputStreamReader(stream, StandardCharsets.UTF_8), displayName, false);
    }

    /** Opens a file (UTF-8) whose lines starting with {@code #} (after blanks) are comments. */
    public static CsvReader openWithComments(Path path, String displayName) throws IOException {
        return new CsvReader(Files.newBufferedReader(path, StandardCharsets.UTF_8), displayName, true);
    }

    /** Reads a stream (UTF-8) whose lines starting with {@code #} (after blanks) are comments. */
    public static CsvReader openWithComments(InputStream stream, String displayName) throws IOException {
        return new CsvReader(new InputStreamReader(stream, StandardCharsets.UTF_8), displayName, true);
    }

    /** The physical line number of the header (after any blank or comment lines above it). */
    public long headerLine() {
        return headerLine;
    }

    /** Column names in file order. */
    public Set<String> columns() {
        return header.keySet();
    }

    /** Refuses the file unless it has every one of the given columns. */
    public CsvReader require(String... columns) throws DataFormatException {
        List<String> missing = new ArrayList<>();
        for (String c : columns) {
            if (!header.containsKey(c)) {
                missing.add(c);
            }
        }
        if (!missing.isEmpty()) {
            throw DataFormatException.at(file, headerLine, "missing column(s) " + String.join(", ", missing)
                    + " (found: " + String.join(", ", header.keySet()) + ")");
        }
        return this;
    }

    /** The next data row, or null at the end of the file. */
    public CsvRow next() throws IOException {
        String text = nextNonBlank();
        if (text == null) {
            return null;
        }
        long at = line;
        List<String> cells = split(text);
        if (cells.size() != header.size()) {
            throw DataFormatException.at(file, at, "expected " + header.size() + " cells, found " + cells.size());
        }
        return new CsvRow(file, at, header, cells);
    }

    /** Every remaining row (for the small published tables only). */
    public List<CsvRow> readAll() throws IOException {
        List<CsvRow> rows = new ArrayList<>();
        for (CsvRow r = next(); r != null; r = next()) {
            rows.add(r);
        }
        return rows;
    }

    private String nextNonBlank() throws IOException {
        String s;
        do {
            s = in.readLine();
            line++;
        } while (s != null && skipped(s));
        return s;
    }

    /** Blank lines, and comment lines when this reader has them (a byte-order mark before the {@code #} too). */
    private boolean skipped(String s) {
        if (s.isBlank()) {
            return true;
        }
        String t = s.startsWith("\uFEFF") ? s.substring(1) : s;
        return comments && t.strip().startsWith("#");
    }

    private List<String> split(String text) throws IOException {
        List<String> cells = new ArrayList<>();
        StringBuilder cell = new StringBuilder();
        boolean quoted = false;
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            if (quoted) {
                if (c == '"') {
                    if (i + 1 < text.length() && text.charAt(i + 1) == '"') {
                        cell.append('"');
                        i++;
                    } else {
                        quoted = false;
                    }
                } else {
                    cell.append(c);
                }
            } else if (c == '"' && cell.toString().isBlank()) {
                quoted = true;
                cell.setLength(0);
            } else if (c == ',') {
                cells.add(cell.toString());
                cell.setLength(0);
            } else {
                cell.append(c);
            }
        }
        if (quoted) {
            throw DataFormatException.at(file, line, "a quoted cell is not closed");
        }
        cells.add(cell.toString());
        return cells;
    }

    /** The name used in messages. */
    public String file() {
        return file;
    }

    @Override
    public void close() throws IOException {
        in.close();
    }
}
