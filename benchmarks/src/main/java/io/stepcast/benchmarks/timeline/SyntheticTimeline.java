package io.stepcast.benchmarks.timeline;

import io.stepcast.datasets.io.AtomicFiles;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.TensorSpec;
import io.stepcast.datasets.zoo.ZooLayer;
import io.stepcast.datasets.zoo.ZooModel;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * Generates <em>synthetic</em> (not measured) TensorFlow 1.x Chrome-trace timelines of any size, the input of
 * the timeline-import benchmarks. Each step is one worker of a parameter-server job training a zoo model
 * (ResNet-50 by default), laid out as {@code timeline.Timeline.generate_chrome_trace_format(show_memory=True)}
 * writes it for a distributed graph:
 * <ul>
 *   <li>per parameter tensor a {@code _Recv} op on the worker's CPU ({@code <tensor>/read/_<k>}, the
 *       partitioned-receive naming of TensorFlow 1.x) and an {@code "O"} tensor snapshot of its output with
 *       {@code requested_bytes} = the tensor's bytes;</li>
 *   <li>per layer a forward op on the GPU whose inputs are the previous layer's op and the layer's receives,
 *       then a loss, then per layer (in reverse) a gradient op;</li>
 *   <li>per parameter tensor an {@code ApplyGradientDescent} on the parameter server whose third input is the
 *       layer's gradient op.</li>
 * </ul>
 * Steps repeat the same graph (same node names), so the importer sees a new step each time a node comes
 * back, as it does for the concatenated step stats of several {@code session.run} calls. Durations are
 * derived from the layer FLOPs at 4 TFLOP/s (backward twice forward) and from the bytes at 10 Gbit/s; they are
 * plausible, not measured. Output is pure ASCII and written to a temporary file moved into place.
 */
public final class SyntheticTimeline {
    /** FLOPs per microsecond of the synthetic GPU (4 TFLOP/s). */
    private static final double FLOPS_PER_US = 4e6;
    /** Bytes per microsecond of the synthetic network (10 Gbit/s). */
    private static final double BYTES_PER_US = 1.25e3;

    private static final int PID_META = 0;
    private static final int PID_GPU = 1;
    private static final int PID_CPU = 2;
    private static final int PID_PS = 3;
    private static final int PID_TENSORS = 4;

    private final ZooModel model;
    private final int localBatch;

    /**
     * Sizes of what {@link #write} produced.
     *
     * @param bytes     file size in bytes
     * @param steps     complete training steps written
     * @param events    JSON events of the {@code traceEvents} array (all phases)
     * @param opEvents  op events ({@code "ph":"X"}), the ones the importer turns into op-trace rows
     */
    public record Stats(long bytes, int steps, long events, long opEvents) {
    }

    /**
     * @param modelName  a zoo model (for example {@code ResNet-50})
     * @param localBatch the batch the synthetic durations assume
     */
    public SyntheticTimeline(String modelName, int localBatch) {
        this.model = new ModelZoo().get(Objects.requireNonNull(modelName, "modelName"));
        if (localBatch < 1) {
            throw new IllegalArgumentException("local batch must be at least 1, was " + localBatch);
        }
        this.localBatch = localBatch;
    }

    /** ResNet-50 at local batch 64. */
    public static SyntheticTimeline resnet50() {
        return new SyntheticTimeline("ResNet-50", 64);
    }

    /**
     * Writes whole steps until the file reaches at least {@code targetBytes} (the last step is completed, so
     * the file is at most one step larger), and at least one step.
     */
    public Stats write(Path target, long targetBytes) throws IOException {
        return AtomicFiles.writeReturning(target, tmp -> {
            try (Writer w = new BufferedWriter(new OutputStreamWriter(Files.newOutputStream(tmp),
                    StandardCharsets.US_ASCII), 1 << 16)) {
                return write(w, targetBytes);
            }
        });
    }

    private Stats write(Writer w, long targetBytes) throws IOException {
        Counter out = new Counter(w);
        out.raw("{\"traceEvents\": [\n");
        out.event(meta(PID_META, "Allocators"));
        out.event(meta(PID_GPU, "/job:worker/replica:0/task:0/device:GPU:0 Compute"));
        out.event(meta(PID_CPU, "/job:worker/replica:0/task:0/device:CPU:0 Compute"));
        out.event(meta(PID_PS, "/job:ps/replica:0/task:0/device:CPU:0 Compute"));
        out.event(meta(PID_TENSORS, "/job:worker/replica:0/task:0/device:CPU:0 Tensors"));
        long t0 = 1_000_000L;
        int steps = 0;
        while (steps == 0 || out.bytes < targetBytes) {
            t0 = step(out, t0) + 100;
            steps++;
        }
        out.raw("\n],\n\"displayTimeUnit\": \"ns\"}\n");
        return new Stats(out.bytes, steps, out.events, out.opEvents);
    }

    /** Writes one step starting at {@code t0} (microseconds); returns its end. */
    private long step(Counter out, long t0) throws IOException {
        List<ZooLayer> layers = model.layers();
        List<List<String>> recvOf = new ArrayList<>();
        long recvClock = t0;
        int k = 0;
        for (ZooLayer layer : layers) {
            List<String> recvs = new ArrayList<>();
            for (TensorSpec t : layer.tensors()) {
                String node = t.name() + "/read/_" + k++;
                long dur = Math.max(1, Math.round(t.bytes() / BYTES_PER_US));
                // The importer sizes a receive from the snapshot of its output, so the snapshot comes first.
                out.event(snapshot(node, recvClock + dur, t.bytes()));
                out.op(op(recvClock, dur, PID_CPU, 0, node, "_Recv"));
                recvClock += dur;
                recvs.add(node);
            }
            recvOf.add(recvs);
        }
        out.op(op(t0, 5, PID_CPU, 1, "IteratorGetNext", "IteratorGetNext"));
        long clock = t0 + 5;
        String previous = "IteratorGetNext";
        String[] forward = new String[layers.size()];
        for (int i = 0; i < layers.size(); i++) {
            ZooLayer layer = layers.get(i);
            // A layer cannot start before its last parameter has arrived.
            long start = Math.max(clock, arrivalOf(layers, i, t0));
            long dur = computeUs(layer.forwardFlops());
            List<String> inputs = new ArrayList<>();
            inputs.add(previous);
            inputs.addAll(recvOf.get(i));
            forward[i] = layer.name() + "/" + layer.type();
            out.op(op(start, dur, PID_GPU, 0, forward[i], layer.type(), inputs.toArray(String[]::new)));
            clock = start + dur;
            previous = forward[i];
        }
        out.op(op(clock, 10, PID_GPU, 0, "loss/Mean", "Mean", previous));
        clock += 10;
        String upstream = "loss/Mean";
        long psClock = clock;
        for (int i = layers.size() - 1; i >= 0; i--) {
            ZooLayer layer = layers.get(i);
            long dur = 2 * computeUs(layer.forwardFlops());
            String grad = "gradients/" + forward[i] + "_grad/" + layer.type() + "Backprop";
            out.op(op(clock, dur, PID_GPU, 0, grad, layer.type() + "Backprop", upstream, forward[i]));
            clock += dur;
            upstream = grad;
            psClock = Math.max(psClock, clock);
            for (TensorSpec t : layer.tensors()) {
                long update = Math.max(1, Math.round(t.bytes() / BYTES_PER_US));
                out.op(op(psClock, update, PID_PS, 0, "GradientDescent/update_" + t.name() + "/ApplyGradientDescent",
                        "ApplyGradientDescent", t.name(), "GradientDescent/learning_rate", grad));
                psClock += update;
            }
        }
        return Math.max(clock, psClock);
    }

    private long arrivalOf(List<ZooLayer> layers, int upTo, long t0) {
        long clock = t0;
        for (int i = 0; i <= upTo; i++) {
            for (TensorSpec t : layers.get(i).tensors()) {
                clock += Math.max(1, Math.round(t.bytes() / BYTES_PER_US));
            }
        }
        return clock;
    }

    private long computeUs(long forwardFlopsPerSample) {
        return Math.max(1, Math.round(forwardFlopsPerSample * (double) localBatch / FLOPS_PER_US));
    }

    private static String meta(int pid, String name) {
        return "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"args\":{\"name\":\"" + name + "\"}}";
    }

    private static String snapshot(String node, long ts, long bytes) {
        return "{\"ph\":\"O\",\"cat\":\"Tensor\",\"name\":\"" + node + "\",\"pid\":" + PID_TENSORS
                + ",\"tid\":0,\"ts\":" + ts + ",\"id\":0,\"args\":{\"snapshot\":{\"tensor_description\":"
                + "\"dtype: DT_FLOAT\\nallocation_description {\\n  requested_bytes: " + bytes
                + "\\n  allocated_bytes: " + bytes + "\\n  allocator_name: \\\"cpu\\\"\\n}\\n\"}}}";
    }

    private static String op(long ts, long dur, int pid, int tid, String node, String type, String... inputs) {
        StringBuilder b = new StringBuilder(160 + 40 * inputs.length);
        b.append("{\"ph\":\"X\",\"cat\":\"Op\",\"name\":\"").append(type).append("\",\"pid\":").append(pid)
                .append(",\"tid\":").append(tid).append(",\"ts\":").append(ts).append(",\"dur\":").append(dur)
                .append(",\"args\":{\"name\":\"").append(node).append("\",\"op\":\"").append(type).append('"');
        for (int i = 0; i < inputs.length; i++) {
            b.append(",\"input").append(i).append("\":\"").append(inputs[i]).append('"');
        }
        return b.append("}}").toString();
    }

    /** Counts bytes (ASCII: one per char) and events as they are written. */
    private static final class Counter {
        private final Writer w;
        long bytes;
        long events;
        long opEvents;

        Counter(Writer w) {
            this.w = w;
        }

        void raw(String s) throws IOException {
            w.write(s);
            bytes += s.length();
        }

        void event(String json) throws IOException {
            if (events > 0) {
                raw(",\n");
            }
            raw(json);
            events++;
        }

        void op(String json) throws IOException {
            event(json);
            opEvents++;
        }
    }
}
