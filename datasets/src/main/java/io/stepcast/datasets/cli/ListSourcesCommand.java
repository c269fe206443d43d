package io.stepcast.datasets.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.SourceFile;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

import java.io.IOException;
import java.io.PrintWriter;

/**
 * {@code stepcast datasets list [--json]}: every source of the registered importers with citation, licence,
 * upstream and checksum (one SHA-256 over the source's files in text mode, every file's SHA-256 with
 * {@code --json}), then the names of the importers and profile readers.
 */
@Command(name = "list", mixinStandardHelpOptions = true,
        description = "Every real data source with citation, licence, upstream URL and checksum.")
public final class ListSourcesCommand extends DatasetsSubcommand {
    @Option(names = "--json", description = "JSON with every file's SHA-256.")
    boolean json;

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        Registered registered = registered();
        if (json) {
            JsonGenerator g = new JsonFactory().createGenerator(out).useDefaultPrettyPrinter();
            g.writeStartArray();
            for (DataSource s : registered.sources()) {
                g.writeStartObject();
                g.writeStringField("name", s.name());
                g.writeStringField("title", s.title());
                g.writeStringField("citation", s.citation());
                g.writeStringField("licence", s.licence());
                g.writeStringField("upstream", s.upstream());
                g.writeBooleanField("embedded", s.embedded());
                g.writeStringField("sha256", s.checksum());
                g.writeArrayFieldStart("files");
                for (SourceFile f : s.files()) {
                    g.writeStartObject();
                    g.writeStringField("path", f.path());
                    g.writeStringField("sha256", f.sha256());
                    g.writeNumberField("bytes", f.bytes());
                    if (f.url().isPresent()) {
                        g.writeStringField("url", f.url().get());
                    }
                    g.writeEndObject();
                }
                g.writeEndArray();
                g.writeEndObject();
            }
            g.writeEndArray();
            g.flush();
            out.println();
        } else {
            for (DataSource s : registered.sources()) {
                out.printf("%s  (%s%s)%n", s.name(), s.files().isEmpty() ? "no published files"
                        : files(s.files().size()) + String.format(", %,d bytes", s.bytes()), s.embedded() ? ", embedded" : "");
                out.printf("  %s%n", s.title());
                out.printf("  citation: %s%n", s.citation());
                out.printf("  licence:  %s%n", s.licence());
                out.printf("  upstream: %s%n", s.upstream());
                if (!s.files().isEmpty()) {
                    out.printf("  sha256:   %s (of the files' sha256sum list)%n", s.checksum());
                }
            }
            out.println("importers: " + String.join(", ", registered.importers().keySet()));
            out.println("profile readers (detection order): " + String.join(", ", registered.readers().keySet()));
        }
        out.flush();
        return 0;
    }

    private static String files(int n) {
        return n == 1 ? "1 file" : n + " files";
    }
}
