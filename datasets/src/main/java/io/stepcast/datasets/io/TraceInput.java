package io.stepcast.datasets.io;

import java.io.BufferedInputStream;
import java.io.EOFException;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.zip.GZIPInputStream;
import java.util.zip.ZipException;

/**
 * Opens a trace file for streaming: decompressed when it starts with the gzip magic number, refused when it is
 * named {@code .gz} without being gzip data, and with a truncated or corrupt gzip stream reported as a
 * {@link DataFormatException} naming the file (not as a bare {@code EOFException} from deep in the parser).
 */
public final class TraceInput {
    private static final int BUFFER = 1 << 16;

    private TraceInput() {
    }

    /** The file's bytes: decompressed and buffered when gzipped, the plain file otherwise. */
    public static InputStream open(Path file) throws IOException {
        byte[] magic = new byte[2];
        boolean gzip;
        try (InputStream head = Files.newInputStream(file)) {
            gzip = head.readNBytes(magic, 0, 2) == 2 && (magic[0] & 0xff) == 0x1f && (magic[1] & 0xff) == 0x8b;
        }
        if (!gzip) {
            if (file.getFileName().toString().toLowerCase(Locale.ROOT).endsWith(".gz")) {
                throw new DataFormatException(file.toString(), "named .gz but not gzip data (no gzip magic number)");
            }
            // unbuffered: the JSON parsers read in large blocks of their own, so a buffer here would only copy
            return Files.newInputStream(file);
        }
        return new BufferedInputStream(new Checked(new GZIPInputStream(Files.newInputStream(file), BUFFER),
                file.toString()), BUFFER);
    }

    /** Turns the gzip stream's failures into one-line format errors naming the file. */
    private static final class Checked extends FilterInputStream {
        private final String where;

        Checked(InputStream in, String where) {
            super(in);
            this.where = where;
        }

        @Override
        public int read() throws IOException {
            try {
                return super.read();
            } catch (EOFException | ZipException e) {
                throw translated(e);
            }
        }

        @Override
        public int read(byte[] b, int off, int len) throws IOException {
            try {
                return super.read(b, off, len);
            } catch (EOFException | ZipException e) {
                throw translated(e);
            }
        }

        private DataFormatException translated(IOException e) {
            return e instanceof EOFException
                    ? new DataFormatException(where, "the gzip stream ends too early (truncated file?)", e)
                    : new DataFormatException(where, "corrupt gzip data: " + e.getMessage(), e);
        }
    }
}
