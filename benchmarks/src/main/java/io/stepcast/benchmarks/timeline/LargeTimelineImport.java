package io.stepcast.benchmarks.timeline;

import io.stepcast.datasets.timeline.TimelineImporter;

import java.io.IOException;
import java.io.PrintStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Stand-alone measurement of large timeline imports, outside JMH so that each import runs in a JVM of its own
 * with a small heap (for example {@code -Xmx256m}) and its peak memory can be read:
 * <pre>
 *   java -cp benchmarks/target/benchmarks.jar io.stepcast.benchmarks.timeline.LargeTimelineImport \
 *        generate 1024 /tmp/t.json             # a synthetic ResNet-50 timeline of 1024 MB
 *   java -Xmx256m -cp benchmarks/target/benchmarks.jar io.stepcast.benchmarks.timeline.LargeTimelineImport \
 *        import /tmp/t.json /tmp/t.parquet     # import it, print time, rate and peak RSS
 * </pre>
 * The import prints one {@code key=value} line: file bytes, op events, steps, rows, seconds, op events per
 * second (wall clock), megabytes per second, the CPU time of the importing thread, the JVM's maximum heap, the largest heap occupancy after a
 * garbage collection ({@link HeapAfterGc}: the live data, whatever {@code -Xmx}) and the peak resident set size ({@code VmHWM} of
 * {@code /proc/self/status}, where the operating system provides it). {@code src/main/scripts/import-timeline.sh}
 * runs both steps and adds {@code /usr/bin/time -v}.
 */
public final class LargeTimelineImport {
    private LargeTimelineImport() {
    }

    /** Entry point; exits 2 on a usage error and 1 when the import fails. */
    public static void main(String[] args) {
        PrintStream out = System.out;
        try {
            if (args.length == 3 && args[0].equals("generate")) {
                long mb = Long.parseLong(args[1]);
                SyntheticTimeline.Stats s = SyntheticTimeline.resnet50().write(Path.of(args[2]), mb * 1_000_000L);
                out.printf(Locale.ROOT, "generated file=%s bytes=%d steps=%d trace_events=%d op_events=%d%n", args[2],
                        s.bytes(), s.steps(), s.events(), s.opEvents());
            } else if (args.length == 3 && args[0].equals("import")) {
                out.println(importOnce(Path.of(args[1]), Path.of(args[2])));
            } else {
                System.err.println("usage: LargeTimelineImport generate SIZE_MB FILE | import TIMELINE PARQUET");
                System.exit(2);
            }
        } catch (IOException | RuntimeException e) {
            System.err.println("error: " + e.getMessage());
            System.exit(1);
        }
    }

    /** Imports {@code timeline} into {@code parquet} and describes the run on one line. */
    static String importOnce(Path timeline, Path parquet) throws IOException {
        long bytes = Files.size(timeline);
        HeapAfterGc heap = HeapAfterGc.watch();
        ThreadMXBean threads = ManagementFactory.getThreadMXBean();
        long cpuStart = threads.getCurrentThreadCpuTime();
        long start = System.nanoTime();
        TimelineImporter.Summary s = new TimelineImporter().writeOpTrace(timeline, parquet, "ResNet-50", 64);
        double seconds = (System.nanoTime() - start) / 1e9;
        // CPU time of the importing thread: robust against other processes competing for the cores.
        double cpuSeconds = (threads.getCurrentThreadCpuTime() - cpuStart) / 1e9;
        return String.format(Locale.ROOT,
                "imported file=%s bytes=%d op_events=%d steps=%d rows=%d parquet_bytes=%d seconds=%.2f "
                        + "thread_cpu_s=%.2f op_events_per_s=%.0f mb_per_s=%.1f max_heap_mb=%d heap_after_gc_max_mb=%.1f gcs=%d "
                        + "peak_rss_kb=%s",
                timeline, bytes, s.opEvents(), s.steps(), s.rows(), Files.size(parquet), seconds, cpuSeconds,
                s.opEvents() / seconds, bytes / 1e6 / seconds, Runtime.getRuntime().maxMemory() >> 20,
                heap.maxBytes() / 1048576.0, heap.collections(),
                peakRssKb().map(String::valueOf).orElse("unknown"));
    }

    /** {@code VmHWM} of this process in kB, where {@code /proc/self/status} exists. */
    static Optional<Long> peakRssKb() {
        Path status = Path.of("/proc/self/status");
        if (!Files.isReadable(status)) {
            return Optional.empty();
        }
        try {
            List<String> lines = Files.readAllLines(status);
            for (String line : lines) {
                if (line.startsWith("VmHWM:")) {
                    return Optional.of(Long.parseLong(line.substring(6).replace("kB", "").trim()));
                }
            }
        } catch (IOException | NumberFormatException e) {
            return Optional.empty();
        }
        return Optional.empty();
    }
}
