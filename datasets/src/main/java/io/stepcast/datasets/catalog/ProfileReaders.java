package io.stepcast.datasets.catalog;

import io.stepcast.api.plugin.FileHead;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.datasets.io.DataFormatException;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * The registered profile readers, in registration order, and the choice of one for a file: the reader
 * named by {@code --format NAME}, or else the first whose {@link ProfileReader#detect} accepts the file's
 * head (gzip-decompressed). Immutable.
 */
public final class ProfileReaders {
    private final Map<String, ProfileReader> readers;

    /** @param readers by name, in the order detection asks them */
    public ProfileReaders(Map<String, ProfileReader> readers) {
        this.readers = Collections.unmodifiableMap(new LinkedHashMap<>(readers));
    }

    /** Every reader by name, in registration order. */
    public Map<String, ProfileReader> all() {
        return readers;
    }

    /**
     * The named reader.
     *
     * @throws UnknownNameException naming the closest known formats
     */
    public ProfileReader named(String format) {
        ProfileReader r = readers.get(format);
        if (r == null) {
            throw new UnknownNameException("format", format, readers.keySet());
        }
        return r;
    }

    /**
     * The reader for a file: {@code format} when given, else the first that detects it.
     *
     * @throws DataFormatException naming the file when no reader recognises it
     */
    public ProfileReader choose(Path file, Optional<String> format) throws IOException {
        if (format.isPresent()) {
            return named(format.get());
        }
        FileHead head = head(file);
        for (ProfileReader r : readers.values()) {
            if (r.detect(head)) {
                return r;
            }
        }
        throw new DataFormatException(file.toString(), "not a profile: no profile reader recognises this file "
                + "(formats: " + String.join(", ", readers.keySet()) + "; name one with --format, or give an op "
                + "trace .parquet)");
    }

    /** The file's name and first {@value FileHead#SIZE} bytes, decompressed when it is gzipped. */
    public static FileHead head(Path file) throws IOException {
        if (!Files.isRegularFile(file)) {
            throw new FileNotFoundException(file + ": no such file");
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file))) {
            raw.mark(2);
            boolean gzip = raw.read() == 0x1f && raw.read() == 0x8b;
            raw.reset();
            byte[] head = new byte[FileHead.SIZE];
            int n = 0;
            try {
                InputStream in = gzip ? new GZIPInputStream(raw) : raw;
                for (int r; n < head.length && (r = in.read(head, n, head.length - n)) > 0; ) {
                    n += r;
                }
            } catch (EOFException e) {
                // A truncated gzip file: detect from what decompressed; its reader names the truncation.
            }
            return new FileHead(file.getFileName().toString(), Arrays.copyOf(head, n));
        } catch (ZipException e) {
            throw new DataFormatException(file.toString(), "not a valid gzip file: " + e.getMessage(), e);
        }
    }
}
