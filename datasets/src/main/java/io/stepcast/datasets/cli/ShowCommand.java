package io.stepcast.datasets.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.datasets.parquet.RowFileReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;
import java.util.concurrent.Callable;

/**
 * {@code stepcast datasets show FILE.parquet [--limit N] [--json]}: the kind, version and row count of a
 * stepcast Parquet file and its first rows ({@code column=value}, absent values left out), or JSON.
 */
@Command(name = "show", mixinStandardHelpOptions = true, description = "Show the first rows of a stepcast Parquet file.")
public final class ShowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "An observations, op-trace or iteration-trace file.")
    Path file;

    @Option(names = "--limit", paramLabel = "N", defaultValue = "20", description = "Rows to show (default ${DEFAULT-VALUE}).")
    int limit;

    @Option(names = "--json", description = "JSON: {kind, version, rows, shown: [...]}.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        if (limit < 0) {
            throw new IllegalArgumentException("--limit must not be negative, was " + limit);
        }
        PrintWriter out = spec.commandLine().getOut();
        String kind = GenericRows.kind(file);
        long total = GenericRows.rowCount(file);
        List<Map<String, Object>> rows = new ArrayList<>();
        try (RowFileReader<Map<String, Object>> r = GenericRows.reader(file)) {
            for (Map<String, Object> row = rows.size() < limit ? r.next() : null; row != null;
                 row = rows.size() < limit ? r.next() : null) {
                rows.add(row);
            }
        }
        if (json) {
            Map<String, Object> doc = new java.util.LinkedHashMap<>();
            doc.put("file", file.toString());
            doc.put("kind", kind);
            doc.put("version", GenericRows.version(file));
            doc.put("rows", total);
            doc.put("shown", rows);
            out.println(new ObjectMapper().writerWithDefaultPrettyPrinter().writeValueAsString(doc));
        } else {
            out.printf("%s: %s (schema %s), %,d rows%n", file, kind, GenericRows.version(file), total);
            for (Map<String, Object> row : rows) {
                StringJoiner line = new StringJoiner("  ");
                row.forEach((k, v) -> line.add(k + "=" + text(v)));
                out.println(line);
            }
            if (total > rows.size()) {
                out.printf("... %,d more rows%n", total - rows.size());
            }
        }
        out.flush();
        return 0;
    }

    private static String text(Object v) {
        if (v instanceof Map<?, ?> m) {
            StringJoiner j = new StringJoiner(";", "{", "}");
            m.forEach((k, x) -> j.add(k + "=" + x));
            return j.toString();
        }
        return String.valueOf(v);
    }
}
