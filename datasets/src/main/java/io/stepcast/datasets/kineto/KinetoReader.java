package io.stepcast.datasets.kineto;

import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ProfiledRank;
import io.stepcast.datasets.inspect.StepIntervals;
import io.stepcast.datasets.inspect.StepSpans;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.parquet.RowFileWriter;
import io.stepcast.datasets.timeline.OpEventSink;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import io.stepcast.datasets.trace.ProfileAssembler;

import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.zip.GZIPInputStream;

/**
 * Reads PyTorch profiler traces ({@code torch.profiler} / {@code export_chrome_trace}, Chrome trace JSON written by
 * Kineto; {@code .json} or {@code .json.gz}) into op traces, {@link Profile}s and {@link ProfileSummary}s.
 *
 * <p>Rules:
 * <ul>
 *   <li><b>steps</b>: each {@code ProfilerStep#N} span (a CPU {@code user_annotation}) is one training step, its
 *       time the span's duration;</li>
 *   <li><b>GPU work</b>: events of category {@code kernel}, {@code gpu_memcpy} and {@code gpu_memset} on their
 *       stream ({@code args.stream}); each belongs to the step during which its CPU launch ran, found through
 *       {@code args.correlation} (the {@code cuda_runtime} launch with that correlation, or the start of the
 *       {@code ac2g} / {@code async_cpu_to_gpu} flow with that id); activity launched outside every step is
 *       left out;</li>
 *   <li><b>collectives</b>: NCCL kernels ({@code ncclKernel_*}, {@code ncclDevKernel_*}) are communication; the
 *       operation is the innermost {@code nccl:*} annotation or {@code record_param_comms} op (its
 *       {@code Collective name}) their launch ran in (an all-to-all runs as SendRecv kernels), else the kernel's
 *       {@code Collective name}, else its name ({@link NcclKernels}); bytes are measured when the kernel records
 *       {@code In msg nelems} and {@code dtype}, else the {@code record_param_comms} op, or the annotation its
 *       {@code Input Dims} and {@code Input type} ({@code record_shapes=True}); otherwise they are unknown. The
 *       reader records only what the trace says: estimating unrecorded bytes from the durations is a step of its
 *       own ({@link io.stepcast.api.profile.CollectiveByteEstimator}) that the callers which replay or scale a
 *       trace apply to its profile;</li>
 *   <li>every other kernel and memcpy/memset is compute on its stream; {@code distributedInfo} gives rank and
 *       world size, {@code deviceProperties} the GPU name.</li>
 * </ul>
 * Times stay in the trace's microseconds (Chrome trace {@code ts}/{@code dur} are microseconds whatever
 * {@code displayTimeUnit} says). The file is streamed twice with Jackson (one event in memory at a time):
 * first for steps, launches and annotations, then for the GPU activity. Memory grows with the number of launches
 * and GPU activities kept as primitive numbers (a few tens of bytes each), never with whole events. Thread-safe
 * (no state between calls).
 *
 * <p>Shaped for a reader registry: {@link #detect(String, byte[])} on a file's name and first bytes, then
 * {@link #readProfile}, {@link #summarise} or {@link #writeOpTrace}.
 */
public final class KinetoReader {
    /** The format's name, as {@code profile inspect} and the importer call it. */
    public static final String FORMAT = "kineto";

    /** The CPU op {@code torch.distributed} records each collective call with, its arguments naming it. */
    private static final String PARAM_COMMS = "record_param_comms";

    /** Bytes of a file's head that {@link #detect} looks at (decompressed when gzipped). */
    public static final int HEAD_BYTES = 1 << 14;

    /** What an import found. */
    public record Result(ProfileSummary summary, Profile profile, long rows) {
    }

    /**
     * Whether a file is a PyTorch profiler trace, from its name ({@code .json}, {@code .json.gz}) and first bytes
     * as stored (gzipped or not): Kineto writes {@code schemaVersion}, {@code deviceProperties} or
     * {@code distributedInfo} before the events, and its events carry {@code cpu_op} / {@code kernel} categories
     * or {@code ProfilerStep#} spans.
     */
    public static boolean detect(String fileName, byte[] head) {
        String n = fileName.toLowerCase(Locale.ROOT);
        if (!n.endsWith(".json") && !n.endsWith(".json.gz")) {
            return false;
        }
        String text = new String(decompressed(head), StandardCharsets.UTF_8);
        return text.contains("\"schemaVersion\"") || text.contains("\"deviceProperties\"")
                || text.contains("\"distributedInfo\"") || text.contains("ProfilerStep#")
                || text.matches("(?s).*\"cat\"\\s*:\\s*\"(cpu_op|cuda_runtime|python_function)\".*");
    }

    /** As much of {@code head} as decompresses, when it is the start of a gzip stream; {@code head} otherwise. */
    public static byte[] decompressed(byte[] head) {
        if (head.length < 2 || (head[0] & 0xff) != 0x1f || (head[1] & 0xff) != 0x8b) {
            return head;
        }
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(head))) {
            byte[] buf = new byte[4096];
            for (int r = in.read(buf); r > 0 && out.size() < 4 * HEAD_BYTES; r = in.read(buf)) {
                out.write(buf, 0, r);
            }
        } catch (IOException e) {
            // the head ends inside the stream: keep what decompressed
        }
        return out.toByteArray();
    }

    /** The profile of the step of median length (the steady state, not a warm-up step). */
    public Profile readProfile(Path file) throws IOException {
        return run(file, null).profile();
    }

    /** Steps, step times, compute and communication of the trace; reads it without writing anything. */
    public ProfileSummary summarise(Path file) throws IOException {
        return run(file, null).summary();
    }

    /**
     * Imports the trace into an op-trace Parquet file (one row per GPU activity and one {@code ProfilerStep} row
     * per step), replaced only when the whole import succeeded.
     */
    public Result writeOpTrace(Path file, Path target) throws IOException {
        Scan scan = scan(file);
        Map<String, String> meta = new HashMap<>();
        meta.put(OpTraceFiles.MODEL_KEY, modelName(file));
        meta.put(OpTraceFiles.RANK_KEY, Integer.toString(scan.rank().rank()));
        meta.put(OpTraceFiles.WORLD_SIZE_KEY, Integer.toString(scan.rank().worldSize()));
        meta.put(OpTraceFiles.DEVICE_KEY, scan.rank().device());
        meta.put(OpTraceFiles.PROFILE_STEP_KEY, Integer.toString(medianStep(scan.steps())));
        try (RowFileWriter<OpEvent> writer = OpTraceFiles.writer(target, meta)) {
            Result r = convert(file, scan, writer::write);
            writer.commit();
            return r;
        }
    }

    private Result run(Path file, OpEventSink sink) throws IOException {
        Scan scan = scan(file);
        return convert(file, scan, sink == null ? e -> { } : sink);
    }

    /** The model name a trace file stands for: its name without {@code .pt.trace.json.gz} and the like. */
    static String modelName(Path file) {
        return file.getFileName().toString().replaceFirst("(\\.pt)?(\\.trace)?\\.json(\\.gz)?$", "");
    }

    /** A {@code ProfilerStep#N} span. */
    record Step(String name, double startUs, double durationUs) {
        double endUs() {
            return startUs + durationUs;
        }
    }

    /** An {@code nccl:*} annotation on a host thread. */
    record Annotation(long tid, double startUs, double endUs, Collective kind, long bytes) {
    }

    /** What the first pass found. */
    record Scan(List<Step> steps, StepSpans spans, LaunchTable launches, Map<Long, List<Annotation>> annotations,
                ProfiledRank rank) {
        /** The step whose span holds {@code t}, or -1. */
        int stepOf(double t) {
            return spans.indexOf(t);
        }

        /**
         * The innermost annotation on {@code tid} whose span holds {@code t}, or null; when it records no bytes, with
         * those of an enclosing one of the same collective ({@code record_param_comms} around {@code nccl:*}).
         */
        Annotation annotationAt(long tid, double t) {
            List<Annotation> list = annotations.get(tid);
            if (list == null) {
                return null;
            }
            List<Annotation> holding = new ArrayList<>();
            for (Annotation a : list) {
                if (a.startUs() > t) {
                    break;
                }
                if (t <= a.endUs()) {
                    holding.add(a);
                }
            }
            if (holding.isEmpty()) {
                return null;
            }
            Annotation best = holding.get(holding.size() - 1);
            for (int i = holding.size() - 2; i >= 0 && best.bytes() < 0; i--) {
                Annotation outer = holding.get(i);
                if (outer.kind() == best.kind() && outer.bytes() >= 0) {
                    best = new Annotation(best.tid(), best.startUs(), best.endUs(), best.kind(), outer.bytes());
                }
            }
            return best;
        }
    }

    private static boolean gpuActivity(String cat) {
        return "kernel".equals(cat) || "gpu_memcpy".equals(cat) || "gpu_memset".equals(cat);
    }

    private static Scan scan(Path file) throws IOException {
        List<Step> steps = new ArrayList<>();
        LaunchTable launches = new LaunchTable();
        Map<Long, List<Annotation>> annotations = new HashMap<>();
        Map<Long, String> devices = new HashMap<>();
        long[] distributed = {-1, -1};
        long[] kernels = {0};
        String where = file.toString();
        new KinetoParser(file).read(new KinetoParser.Handler() {
            @Override
            public void event(KinetoEvent e) throws IOException {
                String cat = e.cat;
                if (e.complete()) {
                    if (e.name != null && e.name.startsWith("ProfilerStep#") && !"gpu_user_annotation".equals(cat)) {
                        if (Double.isNaN(e.ts) || Double.isNaN(e.dur)) {
                            throw new DataFormatException(e.where(where), e.name + " without ts or dur");
                        }
                        steps.add(new Step(e.name, e.ts, e.dur));
                    } else if ("cuda_runtime".equals(cat) || "cuda_driver".equals(cat)) {
                        if (e.correlation >= 0 && !Double.isNaN(e.ts)) {
                            launches.put(e.correlation, e.ts, e.tid);
                        }
                    } else if (gpuActivity(cat)) {
                        kernels[0] += "kernel".equals(cat) ? 1 : 0;
                    } else if ("user_annotation".equals(cat) && e.name != null && e.name.startsWith("nccl:")
                            && !Double.isNaN(e.ts) && !Double.isNaN(e.dur)) {
                        var kind = NcclKernels.ofAnnotation(e.name);
                        if (kind.isPresent()) {
                            int size = NcclKernels.elementBytes(e.firstInputType);
                            long bytes = e.firstInputElements >= 0 && size > 0 ? e.firstInputElements * size : -1;
                            annotate(e, kind.get(), bytes);
                        }
                    } else if (PARAM_COMMS.equals(e.name) && e.collectiveName != null
                            && !Double.isNaN(e.ts) && !Double.isNaN(e.dur)) {
                        // torch.distributed's record of the call: the operation and its message, whatever the
                        // kernel and its annotation say
                        var kind = NcclKernels.parse(e.collectiveName);
                        if (kind.isPresent()) {
                            int size = NcclKernels.elementBytes(e.dtype);
                            annotate(e, kind.get(), e.inElements >= 0 && size > 0 ? e.inElements * size : -1);
                        }
                    }
                } else if ("s".equals(e.ph) && ("ac2g".equals(cat) || "async_cpu_to_gpu".equals(cat))
                        && e.id >= 0 && !Double.isNaN(e.ts)) {
                    launches.put(e.id, e.ts, e.tid);
                }
            }

            private void annotate(KinetoEvent e, Collective kind, long bytes) {
                annotations.computeIfAbsent((long) (int) e.tid, t -> new ArrayList<>())
                        .add(new Annotation(e.tid, e.ts, e.ts + e.dur, kind, bytes));
            }

            @Override
            public void device(long id, String name) {
                devices.putIfAbsent(id, name);
            }

            @Override
            public void distributed(long rank, long worldSize) {
                distributed[0] = rank;
                distributed[1] = worldSize;
            }
        });
        if (steps.isEmpty()) {
            throw new DataFormatException(where, "no ProfilerStep#N annotation: not a training trace of torch.profiler "
                    + "with a schedule (call prof.step() once per iteration)");
        }
        if (kernels[0] == 0) {
            throw new DataFormatException(where, "no GPU kernels (events of cat \"kernel\"): a CPU-only trace has no "
                    + "GPU step to profile");
        }
        steps.sort(Comparator.comparingDouble(Step::startUs));
        for (List<Annotation> list : annotations.values()) {
            list.sort(Comparator.comparingDouble(Annotation::startUs));
        }
        int world = distributed[1] > 0 ? (int) distributed[1] : 1;
        int rank = distributed[0] >= 0 && distributed[0] < world ? (int) distributed[0] : 0;
        String device = devices.isEmpty() ? "unknown" : devices.getOrDefault((long) rank,
                devices.values().iterator().next());
        StepSpans spans = StepSpans.of(steps.stream().mapToDouble(Step::startUs).toArray(),
                steps.stream().mapToDouble(Step::endUs).toArray());
        return new Scan(List.copyOf(steps), spans, launches, annotations, new ProfiledRank(rank, world, device));
    }

    /** Per-step accumulation of the second pass: activity, and per collective its count and bytes. */
    private static final class StepWork {
        final StepIntervals intervals = new StepIntervals();
        final Map<Collective, long[]> collectives = new EnumMap<>(Collective.class);
    }

    private static Result convert(Path file, Scan scan, OpEventSink sink) throws IOException {
        String where = file.toString();
        List<Step> steps = scan.steps();
        int representative = medianStep(steps);
        List<StepWork> work = new ArrayList<>();
        List<OpEvent> profileEvents = new ArrayList<>();
        for (int i = 0; i < steps.size(); i++) {
            StepWork w = new StepWork();
            Step s = steps.get(i);
            w.intervals.fixedSpan(s.startUs(), s.endUs());
            work.add(w);
            OpEvent marker = new OpEvent(i, 0, "host", 0, s.name(), ProfileAssembler.STEP_MARKER, OpCategory.OTHER,
                    s.startUs(), s.durationUs(), null, -1, null, List.of());
            sink.accept(marker);
            if (i == representative) {
                profileEvents.add(marker);
            }
        }
        long[] rows = {steps.size()};
        Map<Long, String> deviceNames = new HashMap<>();
        new KinetoParser(file).read(e -> {
            if (!e.complete() || !gpuActivity(e.cat)) {
                return;
            }
            if (Double.isNaN(e.ts) || Double.isNaN(e.dur)) {
                throw new DataFormatException(e.where(where), "GPU event without ts or dur");
            }
            long corr = e.correlation >= 0 ? e.correlation : e.id;
            double launch = corr >= 0 ? scan.launches().time(corr) : Double.NaN;
            int step = scan.stepOf(Double.isNaN(launch) ? e.ts : launch);
            if (step < 0) {
                return;
            }
            String name = e.name == null ? e.cat : e.name;
            int lane = (int) (e.stream >= 0 ? e.stream : e.tid);
            String device = deviceNames.computeIfAbsent(e.device >= 0 ? e.device : e.pid, d -> "cuda:" + d);
            OpEvent row;
            StepWork w = work.get(step);
            if ("kernel".equals(e.cat) && NcclKernels.isNccl(name)) {
                Annotation a = Double.isNaN(launch) ? null : scan.annotationAt(scan.launches().thread(corr), launch);
                Collective kind = a != null ? a.kind()
                        : NcclKernels.parse(e.collectiveName).or(() -> NcclKernels.ofKernel(name))
                        .orElse(Collective.ALL_REDUCE);
                long bytes = -1;
                int size = NcclKernels.elementBytes(e.dtype);
                if (e.inElements >= 0 && size > 0) {
                    bytes = e.inElements * size;
                } else if (a != null && a.bytes() >= 0) {
                    bytes = a.bytes();
                }
                row = new OpEvent(step, 0, device, lane, name, "nccl:" + kind.label(), OpCategory.COLLECTIVE, e.ts,
                        e.dur, null, bytes, null, List.of(), kind.label(), bytes >= 0);
                w.intervals.communication().add(e.ts, e.ts + e.dur);
                long[] c = w.collectives.computeIfAbsent(kind, k -> new long[] {0, 0, 0});
                c[0]++;
                if (bytes >= 0) {
                    c[1] += bytes;
                    c[2]++;
                }
            } else {
                row = new OpEvent(step, 0, device, lane, name, typeOf(e.cat, name), OpCategory.COMPUTE, e.ts, e.dur,
                        null, e.bytes, null, List.of());
                w.intervals.compute().add(e.ts, e.ts + e.dur);
            }
            sink.accept(row);
            rows[0]++;
            if (step == representative) {
                profileEvents.add(row);
            }
        });
        if (work.stream().allMatch(w -> w.intervals.compute().size() == 0
                && w.intervals.communication().size() == 0)) {
            throw new DataFormatException(where, "no GPU kernel was launched inside a ProfilerStep span");
        }
        ProfileSummary summary = summary(scan, work);
        Profile profile;
        try {
            profile = new ProfileAssembler().assemble(profileEvents, modelName(file), 1, where, scan.rank());
        } catch (IllegalArgumentException ex) {
            throw new DataFormatException(where, ex.getMessage());
        }
        return new Result(summary, profile, rows[0]);
    }

    /** The index of the step of median length (the lower of the two middle ones for an even count). */
    static int medianStep(List<Step> steps) {
        Integer[] order = new Integer[steps.size()];
        for (int i = 0; i < order.length; i++) {
            order[i] = i;
        }
        Arrays.sort(order, Comparator.comparingDouble(i -> steps.get(i).durationUs()));
        return order[(order.length - 1) / 2];
    }

    private static ProfileSummary summary(Scan scan, List<StepWork> work) {
        int n = work.size();
        Map<Collective, long[]> totals = new EnumMap<>(Collective.class);
        for (StepWork w : work) {
            w.collectives.forEach((k, c) -> {
                long[] t = totals.computeIfAbsent(k, x -> new long[3]);
                for (int i = 0; i < 3; i++) {
                    t[i] += c[i];
                }
            });
        }
        // bytes per step only when every occurrence recorded them
        List<ProfileSummary.CollectiveCount> collectives = new ArrayList<>();
        totals.forEach((k, t) -> collectives.add(new ProfileSummary.CollectiveCount(k.label(), (double) t[0] / n,
                t[2] == t[0] ? OptionalDouble.of((double) t[1] / n) : OptionalDouble.empty())));
        return StepIntervals.summary(FORMAT, work.stream().map(w -> w.intervals).toList(), scan.rank().device(),
                scan.rank().worldSize(), collectives);
    }

    /** A kernel's short type: the function name without return type, namespace-free templates and arguments. */
    static String typeOf(String cat, String name) {
        if ("gpu_memcpy".equals(cat) || "gpu_memset".equals(cat)) {
            int paren = name.indexOf(" (");
            return paren > 0 ? name.substring(0, paren) : name;
        }
        String s = name.startsWith("void ") ? name.substring(5) : name;
        int cut = s.length();
        int angle = s.indexOf('<');
        int paren = s.indexOf('(');
        if (angle >= 0) {
            cut = Math.min(cut, angle);
        }
        if (paren >= 0) {
            cut = Math.min(cut, paren);
        }
        String t = s.substring(0, cut).strip();
        return t.isEmpty() ? "kernel" : t;
    }
}
