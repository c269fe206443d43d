package io.stepcast.datasets.parquet;

import io.stepcast.datasets.io.AtomicFiles;
import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.io.OutputFile;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;

/**
 * Streams rows into a Parquet file in constant memory (one row group buffered at a time). The rows go to a
 * temporary file beside the target; {@link #commit()} moves it into place. Closing without committing
 * (an exception while writing) deletes the temporary file, so the target is either the complete new file
 * or untouched.
 *
 * <pre>{@code
 * try (RowFileWriter<Observation> w = ObservationFiles.writer(target)) {
 *     rows.forEach(w::write);
 *     w.commit();
 * }
 * }</pre>
 */
public final class RowFileWriter<T> implements AutoCloseable {
    /** Rows per row group, bounded by bytes below: small enough for -Xmx256m. */
    private static final int ROW_GROUP_BYTES = 32 * 1024 * 1024;

    private final Path target;
    private final Path temporary;
    private final ParquetWriter<T> writer;
    private long rows;
    private boolean closed;

    RowFileWriter(Path target, WriteSupport<T> support) throws IOException {
        this(target, support, Set.of());
    }

    /**
     * @param noStatistics columns (dotted paths) without min/max statistics: free-text columns that no reader
     *                     filters on, whose statistics would cost a comparison per value
     */
    RowFileWriter(Path target, WriteSupport<T> support, Set<String> noStatistics) throws IOException {
        this(target, support, noStatistics, Set.of());
    }

    /**
     * @param noStatistics columns (dotted paths) without min/max statistics: free-text columns that no reader
     *                     filters on, whose statistics would cost a comparison per value
     * @param noDictionary columns (dotted paths) written without dictionary encoding: columns of nearly unique
     *                     values (timestamps), whose dictionary Parquet would fill, abandon and re-encode as
     *                     plain values anyway
     */
    RowFileWriter(Path target, WriteSupport<T> support, Set<String> noStatistics,
                  Set<String> noDictionary) throws IOException {
        this.target = target.toAbsolutePath();
        this.temporary = AtomicFiles.temporaryFor(this.target);
        try {
            Builder<T> b = new Builder<>(new LocalOutputFile(temporary), support)
                    .withConf(QuietHadoop.configuration())
                    .withWriteMode(ParquetFileWriter.Mode.CREATE)
                    .withCompressionCodec(CompressionCodecName.SNAPPY)
                    .withRowGroupSize((long) ROW_GROUP_BYTES)
                    .withDictionaryEncoding(true)
                    .withSizeStatisticsEnabled(false);
            for (String column : noStatistics) {
                b = b.withStatisticsEnabled(column, false);
            }
            for (String column : noDictionary) {
                b = b.withDictionaryEncoding(column, false);
            }
            this.writer = b.build();
        } catch (IOException | RuntimeException e) {
            Files.deleteIfExists(temporary);
            throw e;
        }
    }

    /** Appends a row. */
    public void write(T row) throws IOException {
        writer.write(row);
        rows++;
    }

    /**
     * Appends every row and commits: the whole of a file written in one go, replacing the target only on success.
     *
     * @return the rows written
     */
    public long writeAll(Iterable<? extends T> all) throws IOException {
        for (T row : all) {
            write(row);
        }
        commit();
        return rows;
    }

    /**
     * Writes every row through {@code opened} and commits, closing it either way: the whole of a file in one go, as
     * the file kinds' {@code write} methods do.
     *
     * @return the rows written
     */
    static <T> long writeWhole(RowFileWriter<T> opened, Iterable<? extends T> all) throws IOException {
        try (opened) {
            return opened.writeAll(all);
        }
    }

    /** Rows written so far. */
    public long rows() {
        return rows;
    }

    /** Finishes the file and moves it onto the target (replacing an existing file). */
    public void commit() throws IOException {
        if (closed) {
            throw new IllegalStateException("already closed");
        }
        closed = true;
        try {
            writer.close();
            AtomicFiles.moveIntoPlace(temporary, target);
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    /** Discards the temporary file unless {@link #commit()} was called. */
    @Override
    public void close() throws IOException {
        if (closed) {
            return;
        }
        closed = true;
        try {
            writer.close();
        } catch (IOException | RuntimeException ignored) {
            // the file is discarded anyway
        } finally {
            Files.deleteIfExists(temporary);
        }
    }

    private static final class Builder<T> extends ParquetWriter.Builder<T, Builder<T>> {
        private final WriteSupport<T> support;

        Builder(OutputFile file, WriteSupport<T> support) {
            super(file);
            this.support = support;
        }

        @Override
        protected Builder<T> self() {
            return this;
        }

        @Override
        protected WriteSupport<T> getWriteSupport(Configuration conf) {
            return support;
        }

        @Override
        protected WriteSupport<T> getWriteSupport(ParquetConfiguration conf) {
            return support;
        }
    }
}
