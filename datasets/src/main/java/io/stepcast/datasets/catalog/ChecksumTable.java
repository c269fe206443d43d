package io.stepcast.datasets.catalog;

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
import java.util.function.Function;

/**
 * The files of one built-in source with their SHA-256 and size, read from the embedded {@code files.tsv}
 * (generated with {@code sha256sum} over {@code shared/data}). Each importer reads its own rows.
 */
public final class ChecksumTable {
    private static final String RESOURCE = "/io/stepcast/datasets/catalog/files.tsv";

    private ChecksumTable() {
    }

    /**
     * The files of {@code source}, in table order.
     *
     * @param url the download URL of a file given its path, empty for a transcribed table
     */
    public static List<SourceFile> files(String source, Function<String, Optional<String>> url) {
        List<SourceFile> out = new ArrayList<>();
        try (InputStream in = ChecksumTable.class.getResourceAsStream(RESOURCE)) {
            if (in == null) {
                throw new IllegalStateException(RESOURCE.substring(1) + " is missing from the jar");
            }
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

    /** The files of a source that exists only as tables transcribed into stepcast (no download URL). */
    public static List<SourceFile> files(String source) {
        return files(source, path -> Optional.empty());
    }
}
