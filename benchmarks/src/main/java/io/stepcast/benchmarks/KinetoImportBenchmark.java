package io.stepcast.benchmarks;

import io.stepcast.benchmarks.kineto.SyntheticKinetoTrace;
import io.stepcast.benchmarks.timeline.HeapAfterGc;
import io.stepcast.datasets.kineto.KinetoReader;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The import of a generated <em>synthetic</em> PyTorch profiler trace ({@link SyntheticKinetoTrace}) of
 * {@link #sizeMb} megabytes uncompressed, plain or gzipped, into an op-trace Parquet file, in a JVM whose heap is
 * limited to 256 MB: it shows the reader streams (the file is four times the heap). Single shot in a fresh JVM, so
 * the time includes JIT warm-up; the file is generated at set-up in a temporary folder and deleted afterwards. After
 * the import it prints the rows written and the largest heap occupancy right after a garbage collection.
 */
public class KinetoImportBenchmark extends SmallHeapImport {

    /** {@code plain} ({@code .json}) or {@code gzip} ({@code .json.gz}). */
    @Param({"plain", "gzip"})
    public String compression;

    private Path dir;
    private Path trace;
    private Path parquet;
    private SyntheticKinetoTrace.Stats stats;
    private HeapAfterGc heap;
    private long rows;

    /** Generates the trace (streamed to disk). */
    @Setup(Level.Trial)
    public void generate() throws IOException {
        dir = Files.createTempDirectory("stepcast-kineto-bench");
        boolean gzip = compression.equals("gzip");
        trace = dir.resolve(gzip ? "synthetic.pt.trace.json.gz" : "synthetic.pt.trace.json");
        parquet = dir.resolve("op-trace.parquet");
        stats = SyntheticKinetoTrace.write(trace, sizeMb * 1_000_000L, gzip);
        System.out.printf("%ngenerated %s: %d bytes uncompressed (%d on disk), %d steps, %d events, %d kernels%n",
                trace, stats.bytes(), Files.size(trace), stats.steps(), stats.events(), stats.kernels());
        System.gc();
        heap = HeapAfterGc.watch();
    }

    /** Reports the rows and heap figures and deletes the files. */
    @TearDown(Level.Trial)
    public void report() throws IOException {
        System.out.printf("%nrows %d; max heap %.0f MB; largest heap after a collection during the import %.1f MB "
                        + "(%d collections)%n", rows, Runtime.getRuntime().maxMemory() / 1048576.0,
                heap.maxBytes() / 1048576.0, heap.collections());
        Files.deleteIfExists(parquet);
        Files.deleteIfExists(trace);
        Files.deleteIfExists(dir);
    }

    /** One import of the whole trace. */
    @Benchmark
    public long importUnderSmallHeap() throws IOException {
        KinetoReader.Result r = new KinetoReader().writeOpTrace(trace, parquet);
        if (r.rows() != stats.kernels() + stats.steps()) {
            throw new IllegalStateException("imported " + r.rows() + " rows, generated " + stats.kernels()
                    + " kernels and " + stats.steps() + " steps");
        }
        rows = r.rows();
        return rows;
    }
}
