package io.stepcast.datasets.catalog;

import io.stepcast.api.plugin.DataSource;
import io.stepcast.api.plugin.SourceFile;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Function;

/**
 * The metadata of a built-in source, read from two embedded resources: {@code sources.properties} (title,
 * citation, licence, upstream, embedded) and {@code files.tsv} (every file with its SHA-256 and size,
 * generated with {@code sha256sum} over {@code shared/data}). Each importer reads its own source.
 */
public final class DataSources {
    private static final String BASE = "/io/stepcast/datasets/catalog/";

    private DataSources() {
    }

    /**
     * The built-in source {@code name}.
     *
     * @param url the download URL of a file given its path, empty for a transcribed table
     */
    public static DataSource builtIn(String name, Function<String, Optional<String>> url) {
        Properties p = new Properties();
        try (InputStream in = open("sources.properties")) {
            p.load(new InputStreamReader(in, StandardCharsets.UTF_8));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String title = p.getProperty(name + ".title");
        if (title == null) {
            throw new IllegalStateException(BASE.substring(1) + "sources.properties has no source " + name);
        }
        return new DataSource(name, title, p.getProperty(name + ".citation"), p.getProperty(name + ".licence"),
                p.getProperty(name + ".upstream"), Boolean.parseBoolean(p.getProperty(name + ".embedded")),
                files(name, url));
    }

    /** A built-in source of tables transcribed into stepcast or recorded locally (no download URL). */
    public static DataSource builtIn(String name) {
        return builtIn(name, path -> Optional.empty());
    }

    private static List<SourceFile> files(String source, Function<String, Optional<String>> url) {
        List<SourceFile> out = new ArrayList<>();
        try (InputStream in = open("files.tsv")) {
            BufferedReader r = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8));
            for (String line = r.readLine(); line != null; line = r.readLine()) {
                if (line.isBlank() || line.startsWith("#")) {
                    continue;
                }
                String[] f = line.split("\t");
                if (f[0].equals(source)) {
                    out.add(new SourceFile(f[1], f[2], Long.parseLong(f[3]), url.apply(f[1])));
                }
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private static InputStream open(String resource) {
        InputStream in = DataSources.class.getResourceAsStream(BASE + resource);
        if (in == null) {
            throw new IllegalStateException(BASE.substring(1) + resource + " is missing from the jar");
        }
        return in;
    }
}
