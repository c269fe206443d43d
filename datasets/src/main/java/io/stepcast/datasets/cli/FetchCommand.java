package io.stepcast.datasets.cli;

import io.stepcast.datasets.catalog.DataSource;
import io.stepcast.datasets.catalog.Fetcher;
import io.stepcast.datasets.catalog.SourceCatalog;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code stepcast datasets fetch SOURCE [--cache DIR] [--mirror DIR]}: puts the source's files into the cache
 * (laid out like {@code shared/data}) and verifies their SHA-256.
 */
@Command(name = "fetch", mixinStandardHelpOptions = true,
        description = "Download a source into a cache and verify its checksums.")
public final class FetchCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SOURCE", description = "pollux, gavel, tf-benchmarks or courier")
    String source;

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
        DataSource s = new SourceCatalog().get(source);
        Path dir = cache != null ? cache : Fetcher.defaultCache();
        List<Fetcher.Fetched> done = fetcher.fetch(s, dir, Optional.ofNullable(mirror));
        for (Fetcher.Fetched f : done) {
            out.printf("%s/%s  sha256 %s  %s%n", s.name(), f.path(), f.sha256(), f.how());
        }
        out.printf("%s: %d files verified in %s%n", s.name(), done.size(), dir.resolve(s.name()));
        out.flush();
        return 0;
    }
}
