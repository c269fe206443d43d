package io.stepcast.datasets.parquet;

import io.stepcast.datasets.io.DataFormatException;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.hadoop.ParquetReader;
import org.apache.parquet.hadoop.api.ReadSupport;
import org.apache.parquet.hadoop.example.GroupReadSupport;
import org.apache.parquet.io.InputFile;
import org.apache.parquet.io.LocalInputFile;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.io.RandomAccessFile;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;

/**
 * Streams the rows of a stepcast Parquet file in constant memory (one row group at a time), after checking
 * its kind and schema version ({@link SchemaVersion}). Rows are mapped by a {@link RowMapper}; a mapping
 * failure names the file and the row.
 */
public final class RowFileReader<T> implements AutoCloseable {

    /** Maps one Parquet record to a row object. */
    @FunctionalInterface
    public interface RowMapper<T> {
        /** @throws RuntimeException when the record is not valid, with the field in the message */
        T map(Group record);
    }

    private final String file;
    private final Map<String, String> metadata;
    private final ParquetReader<Group> reader;
    private final RowMapper<T> mapper;
    private long row;

    RowFileReader(Path path, String kind, RowMapper<T> mapper) throws IOException {
        this(path, kind, mapper, true);
    }

    /** A reader that checks the stepcast metadata only when {@code checked} (a file from another writer has none). */
    RowFileReader(Path path, String kind, RowMapper<T> mapper, boolean checked) throws IOException {
        this.file = path.toString();
        this.mapper = mapper;
        this.metadata = metadata(path);
        if (checked) {
            SchemaVersion.check(file, metadata, kind);
        }
        this.reader = new Builder(new LocalInputFile(path)).withConf(QuietHadoop.configuration()).build();
    }

    /** The key-value metadata of a Parquet file. */
    static Map<String, String> metadata(Path path) throws IOException {
        if (!Files.isRegularFile(path)) {
            throw new FileNotFoundException(path + ": no such file");
        }
        if (Files.size(path) == 0) {
            throw new DataFormatException(path.toString(), "the file is empty (a Parquet file was expected)");
        }
        if (!framedByMagic(path)) {
            throw new DataFormatException(path.toString(), "not a Parquet file (it does not begin and end with the bytes "
                    + "PAR1 that frame every Parquet file)");
        }
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(path))) {
            return Map.copyOf(r.getFileMetaData().getKeyValueMetaData());
        } catch (RuntimeException e) {
            // Parquet names the file by its reader object's identity; the path is already in front.
            String why = String.valueOf(e.getMessage()).replaceAll("\\S*LocalInputFile@\\p{XDigit}+ ?", "");
            throw new DataFormatException(path.toString(), "not a Parquet file (" + why + ")", e);
        }
    }

    /** True when the file begins and ends with Parquet's magic bytes (the format's first and last four). */
    private static boolean framedByMagic(Path path) throws IOException {
        byte[] magic = "PAR1".getBytes(StandardCharsets.US_ASCII);
        try (RandomAccessFile f = new RandomAccessFile(path.toFile(), "r")) {
            long size = f.length();
            if (size < 2L * magic.length) {
                return false;
            }
            byte[] head = new byte[magic.length];
            byte[] tail = new byte[magic.length];
            f.readFully(head);
            f.seek(size - magic.length);
            f.readFully(tail);
            return Arrays.equals(head, magic) && Arrays.equals(tail, magic);
        }
    }

    /** The file's key-value metadata. */
    public Map<String, String> metadata() {
        return metadata;
    }

    /** The next row, or null at the end. */
    public T next() throws IOException {
        Group g;
        try {
            g = reader.read();
        } catch (RuntimeException e) {
            throw new DataFormatException(file + " row " + (row + 1), "cannot be read: " + e.getMessage(), e);
        }
        if (g == null) {
            return null;
        }
        row++;
        try {
            return mapper.map(g);
        } catch (RuntimeException e) {
            throw new DataFormatException(file + " row " + row, e.getMessage(), e);
        }
    }

    /** The rows not read yet, in file order: a whole file in memory (small files; stream with {@link #next} otherwise). */
    public List<T> readAll() throws IOException {
        List<T> out = new ArrayList<>();
        for (T r = next(); r != null; r = next()) {
            out.add(r);
        }
        return out;
    }

    /** Every row through {@code opened}, closing it: the whole of a file, as the file kinds' {@code read} methods do. */
    static <T> List<T> readWhole(RowFileReader<T> opened) throws IOException {
        try (opened) {
            return opened.readAll();
        }
    }

    @Override
    public void close() throws IOException {
        reader.close();
    }

    private static final class Builder extends ParquetReader.Builder<Group> {
        Builder(InputFile file) {
            super(file);
        }

        @Override
        protected ReadSupport<Group> getReadSupport() {
            return new GroupReadSupport();
        }
    }
}
