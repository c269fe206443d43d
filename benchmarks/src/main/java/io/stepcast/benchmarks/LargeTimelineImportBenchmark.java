package io.stepcast.benchmarks;

import io.stepcast.benchmarks.timeline.GeneratedTimeline;
import io.stepcast.benchmarks.timeline.HeapAfterGc;
import io.stepcast.benchmarks.timeline.SyntheticTimeline;
import io.stepcast.datasets.timeline.TimelineImporter;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

import java.io.IOException;

/**
 * The import of a generated <em>synthetic</em> timeline of {@link #sizeMb} megabytes (1 GB by default,
 * {@link SyntheticTimeline}) into an op-trace Parquet file in a JVM whose heap is limited to 256 MB: it shows
 * that the importer streams (the file is four times the heap). Single shot in a fresh JVM, so the time includes
 * JIT warm-up. After the import it prints the JVM's maximum heap and the largest heap occupancy right after a
 * garbage collection ({@link HeapAfterGc}: the live data the import kept). Generating the file takes about a
 * minute before the measurement.
 */
public class LargeTimelineImportBenchmark extends SmallHeapImport {

    private GeneratedTimeline generated;
    private HeapAfterGc heap;

    /** Generates the timeline (streamed to disk, within the small heap too). */
    @Setup(Level.Trial)
    public void generate() throws IOException {
        generated = GeneratedTimeline.create(sizeMb);
        System.gc();
        heap = HeapAfterGc.watch();
    }

    /** Reports the heap figures and deletes the generated files. */
    @TearDown(Level.Trial)
    public void report() throws IOException {
        System.out.printf("%nmax heap %.0f MB; largest heap after a collection during the import %.1f MB (%d collections)%n",
                Runtime.getRuntime().maxMemory() / 1048576.0, heap.maxBytes() / 1048576.0, heap.collections());
        generated.delete();
    }

    /** One import of the whole timeline. */
    @Benchmark
    public TimelineImporter.Summary importUnderSmallHeap() throws IOException {
        return generated.importToParquet();
    }
}
