package io.stepcast.datasets.cli;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.datasets.catalog.Fetcher;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * {@code stepcast datasets fetch SOURCE [--cache DIR] [--mirror DIR]}: puts the source's files into the cache
 * (laid out like {@code shared/data}) and verifies their SHA-256.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Download a source into a cache and verify its checksums.")
public final class FetchCommand extends DatasetsSubcommand {
    @Parameters(index = "0", paramLabel = "SOURCE", description = "A source of `stepcast datasets list`.")
    String source;

    @WritesTo(WritesTo.Kind.FOLDER)
    @Option(names = "--cache", paramLabel = "DIR",
            description = "Cache folder (default: $STEPCAST_CACHE or ~/.cache/stepcast/data).")
    Path cache;

    @Option(names = "--mirror", paramLabel = "DIR", description = "A local folder laid out like shared/data to copy from.")
    Path mirror;

    /** How files are downloaded (replaced in tests). */
    Fetcher fetcher = new Fetcher();

    @Override
    public Integer call() throws IOException {
        PrintWriter out = spec.commandLine().getOut();
        DataSource s = registered().source(source, spec.commandLine());
        if (s.files().isEmpty()) {
            throw new CommandLine.ParameterException(spec.commandLine(), "source " + s.name()
                    + " has no published files to fetch (" + s.upstream() + ")");
        }
        Path dir = cache != null ? cache : Fetcher.defaultCache();
        List<Fetcher.Fetched> done = fetcher.fetch(s, dir, Optional.ofNullable(mirror));
        for (Fetcher.Fetched f : done) {
            out.printf("%s/%s  sha256 %s  %s%n", s.name(), f.path(), f.sha256(), f.how());
        }
        out.printf("%s: %d file%s verified in %s%n", s.name(), done.size(), done.size() == 1 ? "" : "s",
                dir.resolve(s.name()));
        out.flush();
        return 0;
    }
}
