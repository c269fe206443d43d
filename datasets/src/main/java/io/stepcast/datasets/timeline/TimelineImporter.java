package io.stepcast.datasets.timeline;

import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.parquet.RowFileWriter;
import io.stepcast.datasets.trace.OpEvent;
import io.stepcast.datasets.trace.ProfileAssembler;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Imports TensorFlow timelines in Chrome trace JSON into op traces and {@link Profile}s, the input of the
 * trace-driven simulation of Li, Yan, Paolieri, Golubchik ("Throughput Prediction of Asynchronous SGD in
 * TensorFlow", ICPE 2020, section 3). The file is streamed with Jackson (one event in memory at a time);
 * plain or gzipped.
 *
 * <p>Formats: TensorFlow 1.x {@code timeline.Timeline.generate_chrome_trace_format(show_memory=True)}
 * ({@code "ph":"X"} ops with {@code args.name} = node, {@code args.op} = type, {@code args.input0..N};
 * {@code "ph":"M"} process names; {@code "ph":"O"} tensor snapshots with {@code requested_bytes} /
 * {@code allocated_bytes}), which is also what stepcast's TensorFlow-Java profiler writes; and, where
 * feasible, the TensorFlow 2 profiler's trace JSON ({@code args.long_name} or {@code args.tf_op} =
 * {@code node:Op}; it records no inputs, so such profiles have no dependencies and no bytes).
 *
 * <p>Rules:
 * <ul>
 *   <li><b>receives</b>: {@code RecvTensor}, {@code _Recv}/{@code _HostRecv} events, {@code ReadVariableOp}
 *       nodes and {@code <var>/read} identities; the tensor is the variable (the read's first input, or
 *       the node name without {@code /read} or the {@code /_N} suffix of partitioned receives); bytes are
 *       the size of the read's output ({@code requested_bytes}, else {@code allocated_bytes});</li>
 *   <li><b>sends</b>: {@code Apply*}, {@code ResourceApply*}, {@code (Resource)SparseApply*} updates: the
 *       gradient of the variable named by the first input, produced by the op named by the optimizer's
 *       gradient input (by op type; otherwise the input whose name contains {@code grad}, else the last);
 *       bytes = the variable's size;</li>
 *   <li>{@code VarHandleOp} is {@code other}; every other op is <b>compute</b>, requiring the union of its
 *       inputs' requirements (transitively over {@code inputN}, control inputs included), a read requiring
 *       its own variable;</li>
 *   <li><b>steps</b>: a node runs once per step on its device, so a node name seen again in the same process
 *       (not a kernel of the TF2 profiler, not a {@code RecvTensor}) starts the next step; the same name in another
 *       process (the {@code _SOURCE} that the CPU's and the GPU's executors each run) does not; a TensorFlow 1.x
 *       timeline (one {@code session.run}) is one step; GPU lanes ({@code /device:GPU:0/stream:7 Compute},
 *       {@code memcpy}, and {@code stream:all} when it repeats the per-stream lanes: {@link ProcessRoles}) are
 *       kernels of the step's host ops. Dependencies are resolved at the end of each step; a step of more
 *       than {@value TimelineConverter#MAX_BUFFERED} events is written in parts, each part resolved with the
 *       graph known so far (later steps are exact); a file with more than
 *       {@value TimelineConverter#MAX_GRAPH_NODES} distinct nodes (not a repeating training graph) has its graph
 *       forgotten and rebuilt whenever it reaches that size, so memory stays bounded;</li>
 *   <li><b>lanes</b>: every (pid, tid) pair is its own lane, numbered in order of appearance; the device is
 *       the process name.</li>
 * </ul>
 * Events of other phases (flows, counters, object creation) are skipped. Times stay in the timeline's
 * microseconds. Thread-safe (no state between calls). {@link #writeOpTrace} parses on a second thread while
 * the calling thread converts the events and writes Parquet, through a bounded set of recycled batches (a few
 * megabytes).
 */
public final class TimelineImporter {

    /** Summary of an import: op events read and op-trace rows written, steps seen. */
    public record Summary(long opEvents, long rows, int steps) {
    }

    /** Streams every op-trace event of the timeline to {@code sink}, step after step. */
    public Summary stream(Path timeline, OpEventSink sink) throws IOException {
        return convert(timeline, handler -> ChromeTraceReader.read(timeline, handler), sink);
    }

    /** Where the converter's trace events come from: the file read on this thread, or a {@link TraceEventPipe}. */
    @FunctionalInterface
    private interface TraceEventSource {
        void readInto(ChromeTraceReader.Handler handler) throws IOException;
    }

    private static Summary convert(Path timeline, TraceEventSource source, OpEventSink sink) throws IOException {
        int[] lastStep = {-1};
        TimelineConverter c = new TimelineConverter(timeline.toString(), e -> {
            lastStep[0] = e.step();
            sink.accept(e);
        });
        source.readInto(c);
        c.finish();
        if (c.parameterServerEvents() > 0 && c.parameterServerEvents() == c.opEvents()) {
            throw new DataFormatException(timeline.toString(), "a distributed timeline with no /job:worker process: "
                    + "only parameter-server events, so no worker's view to profile");
        }
        if (c.opEvents() == 0) {
            throw new DataFormatException(timeline.toString(),
                    "no op events (\"ph\":\"X\") in this trace: not a TensorFlow timeline");
        }
        return new Summary(c.opEvents(), c.emitted(), lastStep[0] + 1);
    }

    /**
     * Imports the timeline into an op-trace Parquet file, streaming (constant memory per step); the target is
     * replaced only when the whole import succeeded.
     *
     * @param model      profiled model, stored in the file metadata (may be null)
     * @param localBatch profiled local batch, stored in the file metadata (0 when unknown)
     */
    public Summary writeOpTrace(Path timeline, Path target, String model, int localBatch) throws IOException {
        Map<String, String> meta = new HashMap<>();
        if (model != null) {
            meta.put(OpTraceFiles.MODEL_KEY, model);
        }
        if (localBatch > 0) {
            meta.put(OpTraceFiles.LOCAL_BATCH_KEY, Integer.toString(localBatch));
        }
        return pipelined(timeline, target, meta);
    }

    /**
     * Parses on a thread of its own ({@link TraceEventPipe}) while the calling thread opens the Parquet file, then
     * converts the events and writes them. The parser starts first, so opening the writer (class loading, in a
     * fresh JVM) overlaps with parsing; parsing alone and converting plus writing take about as long, so the two
     * threads share the work about evenly. A failure on either side stops both and is rethrown here; the target
     * is replaced only after the whole file is written.
     */
    private static Summary pipelined(Path timeline, Path target, Map<String, String> meta) throws IOException {
        try (TraceEventPipe pipe = TraceEventPipe.start(timeline);
             RowFileWriter<OpEvent> writer = OpTraceFiles.writer(target, meta)) {
            Summary s = convert(timeline, pipe::drainTo, writer::write);
            writer.commit();
            return s;
        }
    }

    /** {@link #writeOpTrace(Path, Path, String, int)} without model metadata. */
    public Summary writeOpTrace(Path timeline, Path target) throws IOException {
        return writeOpTrace(timeline, target, null, 0);
    }

    /** The op-trace events of the first step only (reading stops after it). */
    public List<OpEvent> firstStep(Path timeline) throws IOException {
        List<OpEvent> events = new ArrayList<>();
        try {
            stream(timeline, e -> {
                if (e.step() > 0) {
                    throw new FirstStepDone();
                }
                events.add(e);
            });
        } catch (FirstStepDone done) {
            // the first step is complete
        }
        return events;
    }

    /**
     * The {@link Profile} of the first step. Model and local batch come from the trace's {@code otherData}
     * ({@code model}, {@code local_batch}, as stepcast's profiler writes them); a timeline without them (plain
     * TensorFlow output) is named after the file with local batch 1, so pass them explicitly with
     * {@link #readProfile(Path, String, int)} for such files.
     *
     * @throws DataFormatException when the file is not a timeline or holds no op of positive duration
     */
    public Profile readProfile(Path timeline) throws IOException {
        Map<String, String> meta = ChromeTraceReader.otherData(timeline);
        String name = meta.getOrDefault("model",
                timeline.getFileName().toString().replaceFirst("(\\.trace)?\\.json(\\.gz)?$", ""));
        int batch = 1;
        String b = meta.get("local_batch");
        if (b != null) {
            try {
                batch = Integer.parseInt(b.trim());
            } catch (NumberFormatException e) {
                throw new DataFormatException(timeline.toString(), "otherData.local_batch is not an integer: " + b);
            }
        }
        return readProfile(timeline, name, batch);
    }

    /** The {@link Profile} of the first step, for the given model and local batch. */
    public Profile readProfile(Path timeline, String model, int localBatch) throws IOException {
        List<OpEvent> step = firstStep(timeline);
        try {
            return new ProfileAssembler().assemble(step, model, localBatch, timeline.toString());
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(timeline.toString(), e.getMessage());
        }
    }

    /** Stops the reading once the first step is complete. */
    private static final class FirstStepDone extends IOException {
        private static final long serialVersionUID = 1L;

        FirstStepDone() {
            super("first step read", null);
        }
    }
}
