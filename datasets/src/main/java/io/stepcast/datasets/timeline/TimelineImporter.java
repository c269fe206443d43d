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
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

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
 *   <li><b>steps</b>: a node runs once per step, so a node name seen again (not a kernel of the TF2
 *       profiler, not a {@code RecvTensor}) starts the next step; a TensorFlow 1.x timeline (one
 *       {@code session.run}) is one step. Dependencies are resolved at the end of each step; a step of more
 *       than {@value TimelineConverter#MAX_BUFFERED} events is written in parts, each part resolved with the
 *       graph known so far (later steps are exact); a file with more than
 *       {@value TimelineConverter#MAX_GRAPH_NODES} distinct nodes (not a repeating training graph) has its graph
 *       forgotten and rebuilt whenever it reaches that size, so memory stays bounded;</li>
 *   <li><b>lanes</b>: every (pid, tid) pair is its own lane, numbered in order of appearance; the device is
 *       the process name.</li>
 * </ul>
 * Events of other phases (flows, counters, object creation) are skipped. Times stay in the timeline's
 * microseconds. Thread-safe (no state between calls). {@link #writeOpTrace} parses on a second thread while
 * the calling thread writes Parquet, through a bounded queue (a few megabytes).
 */
public final class TimelineImporter {

    /** Summary of an import: op events read and op-trace rows written, steps seen. */
    public record Summary(long opEvents, long rows, int steps) {
    }

    /** Streams every op-trace event of the timeline to {@code sink}, step after step. */
    public Summary stream(Path timeline, OpEventSink sink) throws IOException {
        int[] lastStep = {-1};
        TimelineConverter c = new TimelineConverter(timeline.toString(), e -> {
            lastStep[0] = e.step();
            sink.accept(e);
        });
        ChromeTraceReader.read(timeline, c);
        c.finish();
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

    /** Events handed from the parsing thread to the writing thread at a time. */
    private static final int BATCH = 4096;
    /**
     * Batches in flight: bounds the memory of the pipeline to a few megabytes. A deeper queue (24) let the parser
     * run further ahead while the writer opens the Parquet file (half a second of class loading in a fresh JVM),
     * but added 20 MB of live heap for no speed-up measurable above the noise.
     */
    private static final int QUEUE = 8;
    private static final List<OpEvent> END = List.of();

    /**
     * Parses on a thread of its own while the calling thread opens and writes the Parquet file, through a bounded
     * queue of batches. The parser starts first, so opening the writer overlaps with parsing. A failure on either
     * side stops both and is rethrown here; the target is replaced only after the whole file is written.
     */
    private Summary pipelined(Path timeline, Path target, Map<String, String> meta) throws IOException {
        BlockingQueue<List<OpEvent>> queue = new ArrayBlockingQueue<>(QUEUE);
        AtomicBoolean cancelled = new AtomicBoolean();
        CompletableFuture<Summary> parsed = new CompletableFuture<>();
        Thread parser = new Thread(() -> {
            List<List<OpEvent>> batch = new ArrayList<>(1);
            batch.add(new ArrayList<>(BATCH));
            try {
                Summary s = stream(timeline, e -> {
                    List<OpEvent> b = batch.get(0);
                    b.add(e);
                    if (b.size() == BATCH) {
                        hand(queue, b, cancelled);
                        batch.set(0, new ArrayList<>(BATCH));
                    }
                });
                if (!batch.get(0).isEmpty()) {
                    hand(queue, batch.get(0), cancelled);
                }
                parsed.complete(s);
            } catch (Throwable t) {
                parsed.completeExceptionally(t);
            } finally {
                try {
                    hand(queue, END, cancelled);
                } catch (IOException ignored) {
                    // the writer gave up; it does not wait for the end marker
                }
            }
        }, "stepcast-timeline-parser");
        parser.setDaemon(true);
        parser.start();
        try (RowFileWriter<OpEvent> writer = OpTraceFiles.writer(target, meta)) {
            for (List<OpEvent> b = queue.take(); b != END; b = queue.take()) {
                for (OpEvent e : b) {
                    writer.write(e);
                }
            }
            Summary s = parsed.join();
            writer.commit();
            return s;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("timeline import interrupted");
        } catch (java.util.concurrent.CompletionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException re) {
                throw re;
            }
            if (cause instanceof Error err) {
                throw err;
            }
            throw new IOException(cause);
        } finally {
            cancelled.set(true);
            queue.clear();
            try {
                parser.join(10_000);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static void hand(BlockingQueue<List<OpEvent>> queue, List<OpEvent> batch, AtomicBoolean cancelled)
            throws IOException {
        try {
            while (!queue.offer(batch, 50, TimeUnit.MILLISECONDS)) {
                if (cancelled.get()) {
                    throw new java.io.InterruptedIOException("the Parquet writer stopped");
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new java.io.InterruptedIOException("timeline parsing interrupted");
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
