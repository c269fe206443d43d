package io.stepcast.datasets.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.plugin.SourceFile;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.datasets.parquet.RowFileReader;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.StringJoiner;

/**
 * {@code stepcast datasets show FILE.parquet [--limit N] [--json]}: the kind, version and row count of a
 * stepcast Parquet file and its first rows ({@code column=value}, absent values left out), or JSON.
 * {@code stepcast datasets show NAME}, for a registered importer or profile reader that is not a file:
 * what it reads and, for a source, its variants and every file with its checksum.
 */
@Command(name = "show", mixinStandardHelpOptions = true,
        description = "Show the first rows of a stepcast Parquet file, or a registered importer or reader.")
public final class ShowCommand extends DatasetsSubcommand {
    @Parameters(index = "0", paramLabel = "FILE|NAME",
            description = "An observations, op-trace or iteration-trace file, or an importer or reader name.")
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
        if (!Files.exists(file) && file.getNameCount() == 1) {
            Registered registered = registered();
            String name = file.toString();
            ObservationImporter importer = registered.importers().get(name);
            ProfileReader reader = registered.readers().get(name);
            if (importer != null) {
                showImporter(importer, out);
                out.flush();
                return 0;
            }
            if (reader != null) {
                out.printf("%s: profile reader: %s%n", reader.name(), reader.description());
                out.flush();
                return 0;
            }
        }
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
            Map<String, Object> doc = new LinkedHashMap<>();
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

    private static void showImporter(ObservationImporter importer, PrintWriter out) {
        out.printf("%s: importer: %s%n", importer.name(), importer.description());
        if (!importer.variants().isEmpty()) {
            out.printf("  variants: %s%n", String.join(", ", importer.variants()));
        }
        importer.source().ifPresent(s -> {
            out.printf("  %s%n  citation: %s%n  licence:  %s%n  upstream: %s%n", s.title(), s.citation(),
                    s.licence(), s.upstream());
            for (SourceFile f : s.files()) {
                out.printf("  %s  %,d bytes  sha256 %s%s%n", f.path(), f.bytes(), f.sha256(),
                        f.url().map(u -> "  " + u).orElse(""));
            }
        });
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
