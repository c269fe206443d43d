package io.stepcast.benchmarks;

import io.stepcast.api.Observation;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.parquet.RowFileReader;
import io.stepcast.datasets.parquet.RowFileWriter;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Read rate of an observations Parquet file through the datasets module's streaming
 * {@link ObservationFiles#reader} (every row mapped to a validated {@link Observation}). The file holds the
 * 7,103 real Pollux step-time rows ({@code ../shared/data/pollux}, read through the catalog) written
 * {@link #copies} times over, so its content is real and its size can grow.
 *
 * <p>Reported in {@link Mode#Throughput}: the primary score is whole-file reads per second, the secondary
 * score {@code rows} is observations per second.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 2, time = 3)
@Measurement(iterations = 3, time = 3)
public class ObservationReadBenchmark {

    /** Folder laid out like {@code shared/data}. */
    @Param({"/work/shared/data"})
    public String dataDir;

    /** How many times the Pollux observations are written into the file. */
    @Param({"1", "20"})
    public int copies;

    private Path dir;
    private Path file;
    private long rows;

    /** Rows of the reads of an iteration, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Rows {
        /** Observations read. */
        public long rows;

        /** Starts every iteration from zero. */
        @Setup(Level.Iteration)
        public void reset() {
            rows = 0;
        }
    }

    /** Imports Pollux and writes the file. */
    @Setup(Level.Trial)
    public void write() throws IOException {
        List<Observation> pollux = new DefaultObservationCatalog().observations("pollux", Optional.of(Path.of(dataDir)));
        dir = Files.createTempDirectory("stepcast-observations-bench");
        file = dir.resolve("pollux-x" + copies + ".parquet");
        try (RowFileWriter<Observation> w = ObservationFiles.writer(file)) {
            for (int c = 0; c < copies; c++) {
                for (Observation o : pollux) {
                    w.write(o);
                }
            }
            w.commit();
            rows = w.rows();
        }
        System.out.printf("%nwrote %s: %d rows, %d bytes%n", file, rows, Files.size(file));
    }

    /** Deletes the file. */
    @TearDown(Level.Trial)
    public void delete() throws IOException {
        Files.deleteIfExists(file);
        Files.deleteIfExists(dir);
    }

    /** Reads every row of the file. */
    @Benchmark
    public long readAll(Rows counter) throws IOException {
        long n = 0;
        double checksum = 0;
        try (RowFileReader<Observation> r = ObservationFiles.reader(file)) {
            for (Observation o = r.next(); o != null; o = r.next()) {
                n++;
                checksum += o.config().localBatch();
            }
        }
        if (n != rows) {
            throw new IllegalStateException("read " + n + " rows of " + rows);
        }
        counter.rows += n;
        return n + (long) checksum;
    }
}
