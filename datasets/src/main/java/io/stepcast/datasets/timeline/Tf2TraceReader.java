package io.stepcast.datasets.timeline;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.inspect.StepIntervals;
import io.stepcast.datasets.inspect.StepSpans;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.kineto.NcclKernels;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.parquet.RowFileWriter;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import io.stepcast.datasets.trace.ProfileAssembler;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Summarises a TensorFlow 2 profiler trace ({@code *.trace.json.gz} of the TensorBoard profile plugin, format
 * {@value #FORMAT}): processes {@code /device:GPU:N} and {@code /host:CPU}, threads such as {@code Steps},
 * {@code TensorFlow Ops} and {@code Stream #N(Compute)}. A step is an event of a {@code Steps} thread; compute is
 * the union of the kernels on the GPU {@code Stream #N} threads, communication the union of those whose name says
 * NCCL; each kernel belongs to the step whose span holds its start. The same events make its op trace and the
 * profile of its median step ({@link #readProfile}, {@link #writeOpTrace}): a step-marker row per step, a row per
 * kernel (NCCL kernels as collectives whose bytes the trace does not record). Times are the trace's
 * {@code ts}/{@code dur} microseconds ({@code displayTimeUnit: ns} only sets how viewers display them). Streams the
 * file twice (first the metadata and steps, then the kernels); thread-safe.
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

    /** What the first pass found: the process and thread names, and the steps in time order. */
    private record Scan(Map<Integer, String> processes, Map<Long, String> threads, List<Span> steps) {
    }

    /** Summarises {@code file}. */
    public ProfileSummary summarise(Path file) throws IOException {
        return convert(file, scan(file), e -> { }).summary;
    }

    /**
     * The {@link Profile} of the step of median length (the lower of the two middle ones): its {@code Steps} event
     * is the step's span, its GPU kernels the ops on their streams, NCCL kernels collectives of unknown size (a TF2
     * trace records neither their bytes nor the job's world size, so the profile is one worker's).
     */
    public Profile readProfile(Path file, String model, int localBatch) throws IOException {
        Converted c = convert(file, scan(file), e -> { });
        try {
            return new ProfileAssembler().assemble(c.median, model, localBatch, file.toString());
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(file.toString(), e.getMessage());
        }
    }

    /**
     * Imports the trace into an op-trace Parquet file: one step-marker row per {@code Steps} event, one row per GPU
     * kernel inside a step; the target is replaced only when the whole import succeeded.
     *
     * @return the rows written and the steps
     */
    public long[] writeOpTrace(Path file, Path target, Map<String, String> metadata) throws IOException {
        Scan scan = scan(file);
        Map<String, String> meta = new HashMap<>(metadata);
        meta.put(OpTraceFiles.PROFILE_STEP_KEY, Integer.toString(medianStep(scan.steps())));
        try (RowFileWriter<OpEvent> writer = OpTraceFiles.writer(target, meta)) {
            Converted c = convert(file, scan, writer::write);
            writer.commit();
            return new long[] {c.rows, scan.steps().size()};
        }
    }

    private static Scan scan(Path file) throws IOException {
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
        return new Scan(processes, threads, steps);
    }

    /** The second pass's results: the summary, the median step's events, the rows given to the sink. */
    private static final class Converted {
        ProfileSummary summary;
        final List<OpEvent> median = new ArrayList<>();
        long rows;
    }

    private static Converted convert(Path file, Scan scan, OpEventSink sink) throws IOException {
        List<Span> steps = scan.steps();
        int representative = medianStep(steps);
        Converted out = new Converted();
        List<StepIntervals> work = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            Span s = steps.get(i);
            StepIntervals w = new StepIntervals();
            w.fixedSpan(s.start(), s.end());
            work.add(w);
            OpEvent marker = new OpEvent(i, 0, "/host:CPU", 0, "step " + i, ProfileAssembler.STEP_MARKER,
                    OpCategory.OTHER, s.start(), s.end() - s.start(), null, -1, null, List.of());
            sink.accept(marker);
            out.rows++;
            if (i == representative) {
                out.median.add(marker);
            }
        }
        StepSpans spans = StepSpans.of(steps.stream().mapToDouble(Span::start).toArray(),
                steps.stream().mapToDouble(Span::end).toArray());
        long[] kernels = {0};
        ChromeTraceReader.read(file, e -> {
            if (!"X".equals(e.ph) || Double.isNaN(e.ts) || Double.isNaN(e.dur)) {
                return;
            }
            String process = scan.processes().get(e.pid);
            String thread = scan.threads().get(key(e));
            if (process == null || !process.startsWith("/device:GPU") || thread == null
                    || !thread.startsWith("Stream #")) {
                return;
            }
            int step = spans.indexOf(e.ts);
            if (step < 0) {
                return;
            }
            kernels[0]++;
            String name = e.name == null ? "" : e.name;
            OpEvent row;
            Optional<Collective> nccl = name.toLowerCase(Locale.ROOT).contains("nccl")
                    ? Optional.of(NcclKernels.ofKernel(name).orElse(Collective.ALL_REDUCE))
                    : Optional.empty();
            if (nccl.isPresent()) {
                work.get(step).communication().add(e.ts, e.ts + e.dur);
                row = new OpEvent(step, 0, process, e.tid, name, "nccl:" + nccl.get().label(), OpCategory.COLLECTIVE,
                        e.ts, e.dur, null, -1, null, List.of(), nccl.get().label(), false);
            } else {
                work.get(step).compute().add(e.ts, e.ts + e.dur);
                String op = e.argTfOp != null ? e.argTfOp : name;
                int colon = op.lastIndexOf(':');
                row = new OpEvent(step, 0, process, e.tid, colon > 0 ? op.substring(0, colon) : op,
                        colon > 0 ? op.substring(colon + 1) : op, OpCategory.COMPUTE, e.ts, e.dur, null, -1, null,
                        List.of());
            }
            sink.accept(row);
            out.rows++;
            if (step == representative) {
                out.median.add(row);
            }
        });
        if (kernels[0] == 0) {
            throw new DataFormatException(file.toString(), "no GPU kernels (events on /device:GPU threads "
                    + "\"Stream #N\") inside the steps of this TF2 profiler trace");
        }
        String device = scan.processes().values().stream().filter(p -> p.startsWith("/device:GPU")).sorted()
                .findFirst().orElse("unknown");
        out.summary = StepIntervals.summary(FORMAT, work, device, 1);
        return out;
    }

    /** The index of the step of median length (the lower of the two middle ones for an even count). */
    private static int medianStep(List<Span> steps) {
        Integer[] order = new Integer[steps.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> steps.get(i).end() - steps.get(i).start()));
        return order[(order.length - 1) / 2];
    }

    private static long key(TraceEvent e) {
        return ((long) e.pid << 32) | (e.tid & 0xffffffffL);
    }
}
