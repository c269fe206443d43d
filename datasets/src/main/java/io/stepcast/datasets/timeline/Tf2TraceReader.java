package io.stepcast.datasets.timeline;

import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.inspect.StepIntervals;
import io.stepcast.datasets.inspect.StepSpans;
import io.stepcast.datasets.io.DataFormatException;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Summarises a TensorFlow 2 profiler trace ({@code *.trace.json.gz} of the TensorBoard profile plugin, format
 * {@value #FORMAT}): processes {@code /device:GPU:N} and {@code /host:CPU}, threads such as {@code Steps},
 * {@code TensorFlow Ops} and {@code Stream #N(Compute)}. A step is an event of a {@code Steps} thread; compute is
 * the union of the kernels on the GPU {@code Stream #N} threads, communication the union of those whose name says
 * NCCL; each kernel belongs to the step whose span holds its start. Times are the trace's {@code ts}/{@code dur}
 * microseconds ({@code displayTimeUnit: ns} only sets how viewers display them). Streams the file twice (first the
 * metadata and steps, then the kernels); thread-safe.
 */
public final class Tf2TraceReader {
    /** The format's name. */
    public static final String FORMAT = "tf2-profiler";

    /**
     * Whether a Chrome trace is a TF2 profiler trace, from its name ({@code .json}, {@code .json.gz}) and its head
     * decompressed: the profiler names its processes {@code /host:CPU} and {@code /device:GPU:N} (without the
     * {@code /job:} prefix and {@code Compute} suffix of TF 1.x timelines) and its threads {@code Steps} or
     * {@code TensorFlow Ops}.
     */
    public static boolean detect(String fileName, byte[] decompressedHead) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (!n.endsWith(".json") && !n.endsWith(".json.gz")) {
            return false;
        }
        String text = new String(decompressedHead, StandardCharsets.UTF_8);
        return text.contains("\"/host:CPU\"") || text.contains("\"TensorFlow Ops\"") || text.contains("\"Steps\"");
    }

    private record Span(double start, double end) {
    }

    /** Summarises {@code file}. */
    public ProfileSummary summarise(Path file) throws IOException {
        Map<Integer, String> processes = new HashMap<>();
        Map<Long, String> threads = new HashMap<>();
        List<Span> steps = new ArrayList<>();
        // The profiler writes its process and thread names before the events, so a step is known when read.
        ChromeTraceReader.read(file, e -> {
            if ("M".equals(e.ph) && e.argName != null) {
                if ("process_name".equals(e.name)) {
                    processes.put(e.pid, e.argName);
                } else if ("thread_name".equals(e.name)) {
                    threads.put(key(e), e.argName);
                }
            } else if ("X".equals(e.ph) && !Double.isNaN(e.ts) && !Double.isNaN(e.dur)
                    && "Steps".equals(threads.get(key(e)))) {
                steps.add(new Span(e.ts, e.ts + e.dur));
            }
        });
        if (steps.isEmpty()) {
            throw new DataFormatException(file.toString(), "no step in this TF2 profiler trace (no events on a "
                    + "\"Steps\" thread): profile with steps annotated (tf.profiler.experimental.Trace)");
        }
        steps.sort(Comparator.comparingDouble(Span::start));
        List<StepIntervals> work = new ArrayList<>();
        for (Span s : steps) {
            StepIntervals w = new StepIntervals();
            w.fixedSpan(s.start(), s.end());
            work.add(w);
        }
        StepSpans spans = StepSpans.of(steps.stream().mapToDouble(Span::start).toArray(),
                steps.stream().mapToDouble(Span::end).toArray());
        long[] kernels = {0};
        ChromeTraceReader.read(file, e -> {
            if (!"X".equals(e.ph) || Double.isNaN(e.ts) || Double.isNaN(e.dur)) {
                return;
            }
            String process = processes.get(e.pid);
            String thread = threads.get(key(e));
            if (process == null || !process.startsWith("/device:GPU") || thread == null
                    || !thread.startsWith("Stream #")) {
                return;
            }
            int step = spans.indexOf(e.ts);
            if (step < 0) {
                return;
            }
            kernels[0]++;
            String name = e.name == null ? "" : e.name.toLowerCase(Locale.ROOT);
            if (name.contains("nccl")) {
                work.get(step).communication().add(e.ts, e.ts + e.dur);
            } else {
                work.get(step).compute().add(e.ts, e.ts + e.dur);
            }
        });
        if (kernels[0] == 0) {
            throw new DataFormatException(file.toString(), "no GPU kernels (events on /device:GPU threads "
                    + "\"Stream #N\") inside the steps of this TF2 profiler trace");
        }
        String device = processes.values().stream().filter(p -> p.startsWith("/device:GPU")).sorted().findFirst()
                .orElse("unknown");
        return StepIntervals.summary(FORMAT, work, device, 1);
    }

    private static long key(TraceEvent e) {
        return ((long) e.pid << 32) | (e.tid & 0xffffffffL);
    }
}
