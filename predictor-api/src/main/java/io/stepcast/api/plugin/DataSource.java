package io.stepcast.api.plugin;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.List;

/**
 * A published source of real measurements: what it is, whom to cite, its licence, where it comes from and
 * the checksum of every file.
 *
 * @param name     source name, also the folder under the data directory
 * @param title    one line saying what was measured
 * @param citation the publication to cite
 * @param licence  licence of the data
 * @param upstream upstream location (repository and commit, or documentation page)
 * @param embedded true when stepcast's jar carries a copy (small published tables)
 * @param files    every file with its checksum
 */
public record DataSource(String name, String title, String citation, String licence, String upstream,
                         boolean embedded, List<SourceFile> files) {
    public DataSource {
        files = List.copyOf(files);
    }

    /**
     * One checksum for the whole source: SHA-256 over the lines {@code "<sha256>  <path>\n"} of its files in
     * path order (the format of {@code sha256sum}).
     */
    public String checksum() {
        try {
            MessageDigest md = MessageDigest.getInstance("SHA-256");
            files.stream().sorted(Comparator.comparing(SourceFile::path))
                    .forEach(f -> md.update((f.sha256() + "  " + f.path() + "\n").getBytes(StandardCharsets.UTF_8)));
            return HexFormat.of().formatHex(md.digest());
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is not available", e);
        }
    }

    /** Bytes of all files. */
    public long bytes() {
        return files.stream().mapToLong(SourceFile::bytes).sum();
    }
}
