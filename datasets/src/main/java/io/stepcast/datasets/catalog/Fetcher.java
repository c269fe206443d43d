package io.stepcast.datasets.catalog;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.SourceFile;
import io.stepcast.datasets.io.AtomicFiles;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.ConnectException;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpClient;
import java.net.http.HttpConnectTimeoutException;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.DigestInputStream;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Optional;

/**
 * Fetches the files of a {@link DataSource} into a cache folder laid out like {@code shared/data}
 * ({@code <cache>/<source>/<path>}) and verifies every file's SHA-256. A file already in the cache with the
 * right checksum is kept; otherwise it is copied from a mirror folder (laid out the same way) when given,
 * taken from the jar for embedded sources, or downloaded from its upstream URL. Every file is written to a
 * temporary file and moved into place only when its checksum matched.
 */
public final class Fetcher {

    /** Downloads a URL to a file. */
    @FunctionalInterface
    public interface Downloader {
        void download(URI url, Path target) throws IOException;
    }

    /** What happened to one file. */
    public record Fetched(String path, String how, String sha256) {
    }

    private final Downloader downloader;

    /** Downloads with Java's HTTP client (10 s connect timeout, redirects followed). */
    public Fetcher() {
        this(Fetcher::httpDownload);
    }

    /** With another downloader (tests). */
    public Fetcher(Downloader downloader) {
        this.downloader = downloader;
    }

    /**
     * Fetches every file of {@code source}.
     *
     * @param mirror a folder laid out like {@code shared/data} to copy from instead of downloading
     * @throws IOException with a one-line message when a file cannot be obtained or its checksum differs
     */
    public List<Fetched> fetch(DataSource source, Path cache, Optional<Path> mirror) throws IOException {
        List<Fetched> out = new ArrayList<>();
        Path dir = cache.resolve(source.name());
        for (SourceFile f : source.files()) {
            Path target = dir.resolve(f.path());
            if (Files.isRegularFile(target) && sha256(target).equals(f.sha256())) {
                out.add(new Fetched(f.path(), "cached", f.sha256()));
                continue;
            }
            String[] how = new String[1];
            AtomicFiles.write(target, tmp -> {
                how[0] = obtain(source, f, mirror, tmp);
                String actual = sha256(tmp);
                if (!actual.equals(f.sha256())) {
                    throw new IOException(source.name() + "/" + f.path() + ": checksum mismatch after " + how[0]
                            + " (expected sha256 " + f.sha256() + ", got " + actual + ")");
                }
            });
            out.add(new Fetched(f.path(), how[0], f.sha256()));
        }
        return out;
    }

    private String obtain(DataSource source, SourceFile f, Optional<Path> mirror, Path tmp) throws IOException {
        if (mirror.isPresent()) {
            Path m = mirror.get().resolve(source.name()).resolve(f.path());
            if (!Files.isRegularFile(m)) {
                throw new FileNotFoundException(m + ": not in the mirror (expected a folder laid out like "
                        + "shared/data)");
            }
            Files.copy(m, tmp, StandardCopyOption.REPLACE_EXISTING);
            return "copied from " + mirror.get();
        }
        if (source.embedded()) {
            try (InputStream in = Fetcher.class.getResourceAsStream(
                    "/io/stepcast/datasets/embedded/" + source.name() + "/" + f.path())) {
                if (in != null) {
                    Files.copy(in, tmp, StandardCopyOption.REPLACE_EXISTING);
                    return "extracted from the stepcast jar";
                }
            }
        }
        if (f.url().isEmpty()) {
            throw new IOException(source.name() + "/" + f.path() + ": no download URL (a transcribed table); "
                    + "use --mirror DIR with a copy of shared/data");
        }
        URI url = URI.create(f.url().get());
        try {
            downloader.download(url, tmp);
        } catch (UnknownHostException | ConnectException | HttpConnectTimeoutException e) {
            throw new IOException("cannot download " + url + ": offline or unreachable (" + e.getClass().getSimpleName()
                    + (e.getMessage() == null ? "" : ": " + e.getMessage())
                    + "); use --mirror DIR with a copy of shared/data", e);
        }
        return "downloaded from " + url;
    }

    private static void httpDownload(URI url, Path target) throws IOException {
        HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10))
                .followRedirects(HttpClient.Redirect.NORMAL).build();
        HttpRequest request = HttpRequest.newBuilder(url).timeout(Duration.ofSeconds(60)).GET().build();
        try {
            HttpResponse<Path> r = client.send(request, HttpResponse.BodyHandlers.ofFile(target));
            if (r.statusCode() != 200) {
                throw new IOException("cannot download " + url + ": HTTP " + r.statusCode());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("download of " + url + " interrupted", e);
        }
    }

    /** SHA-256 of a file, lower-case hex. */
    public static String sha256(Path file) throws IOException {
        try (InputStream in = new DigestInputStream(Files.newInputStream(file), MessageDigest.getInstance("SHA-256"))) {
            in.transferTo(OutputStream.nullOutputStream());
            return HexFormat.of().formatHex(((DigestInputStream) in).getMessageDigest().digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** The default cache: {@code $STEPCAST_CACHE} or {@code ~/.cache/stepcast/data}. */
    public static Path defaultCache() {
        String env = System.getenv("STEPCAST_CACHE");
        return env != null && !env.isBlank() ? Path.of(env)
                : Path.of(System.getProperty("user.home"), ".cache", "stepcast", "data");
    }
}
