package io.stepcast.api.plugin;

import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.Locale;

/**
 * The name and first bytes of a file, for {@link ProfileReader#detect}: enough to recognise a format
 * without reading the file. A gzipped file is given decompressed, its name still ending in {@code .gz}.
 *
 * <p>The bytes are copied in and out, and compared by identity: a head is a value to look at, not a key.
 *
 * @param fileName the file's name without folders
 * @param head     the first bytes of its (decompressed) content, at most {@link #SIZE}
 */
public record FileHead(String fileName, byte[] head) {
    /** How many bytes are read for detection. */
    public static final int SIZE = 4096;

    public FileHead {
        head = Arrays.copyOf(head, Math.min(head.length, SIZE));
    }

    @Override
    public byte[] head() {
        return head.clone();
    }

    /** The file name in lower case with a trailing {@code .gz} removed ({@code t.json.gz} is {@code t.json}). */
    public String plainName() {
        String n = fileName.toLowerCase(Locale.ROOT);
        return n.endsWith(".gz") ? n.substring(0, n.length() - 3) : n;
    }

    /** The head as UTF-8 text with leading white space removed (a partial last character is replaced). */
    public String text() {
        return new String(head, StandardCharsets.UTF_8).stripLeading();
    }
}
