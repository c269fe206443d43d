package io.stepcast.distribution;

import java.util.ArrayList;
import java.util.List;

/**
 * A synthetic TensorFlow 1.x GPU timeline of one {@code session.run}, built to the format of
 * {@code timeline.Timeline.generate_chrome_trace_format()} on a GPU: host op launches under
 * {@code /job:localhost/replica:0/task:0/device:GPU:0 Compute}, each op's kernel on
 * {@code /device:GPU:0/stream:14 Compute} and again on {@code /device:GPU:0/stream:all Compute}, the input copy
 * ({@code MEMCPYHtoD}) on {@code /device:GPU:0/memcpy Compute}, and the device named under several pids. Not a
 * measurement: the durations are made up to give a known span.
 */
final class SyntheticGpuTimeline {
    /** Layers (one Conv2D each). */
    static final int LAYERS = 20;
    /** Host launch of each op, microseconds. */
    static final long LAUNCH_US = 10;
    /** Each kernel, microseconds. */
    static final long KERNEL_US = 300;
    /** The input copy, microseconds. */
    static final long COPY_US = 100;
    /** First event's start. */
    static final long T0 = 1_000_000;

    private SyntheticGpuTimeline() {
    }

    /** First op start to last op end, microseconds. */
    static long spanUs() {
        return 10 + COPY_US + LAYERS * KERNEL_US;
    }

    static String json() {
        List<String> e = new ArrayList<>();
        e.add(meta(0, "/job:localhost/replica:0/task:0/device:GPU:0 Compute"));
        e.add(meta(1, "/job:localhost/replica:0/task:0/device:GPU:0 Tensors"));
        e.add(meta(2, "/device:GPU:0/stream:all Compute"));
        e.add(meta(3, "/device:GPU:0/stream:14 Compute"));
        e.add(meta(4, "/device:GPU:0/memcpy Compute"));
        e.add(meta(5, "/job:localhost/replica:0/task:0/device:CPU:0 Compute"));
        e.add(op(5, T0, 5, "IteratorGetNext", "IteratorGetNext"));
        e.add(op(4, T0 + 10, COPY_US, "IteratorGetNext/_1", "MEMCPYHtoD"));
        long kernelAt = T0 + 10 + COPY_US;
        for (int i = 0; i < LAYERS; i++) {
            String node = "layer" + i + "/Conv2D";
            String input = i == 0 ? "IteratorGetNext" : "layer" + (i - 1) + "/Conv2D";
            e.add(op(0, T0 + 10 + i * 15L, 2, "layer" + i + "/weights/read", "Identity", "layer" + i + "/weights"));
            e.add(op(0, T0 + 12 + i * 15L, LAUNCH_US, node, "Conv2D", input, "layer" + i + "/weights/read"));
            e.add(op(3, kernelAt, KERNEL_US, node, "Conv2D"));
            e.add(op(2, kernelAt, KERNEL_US, node, "Conv2D"));
            kernelAt += KERNEL_US;
        }
        return "{\"traceEvents\": [\n" + String.join(",\n", e) + "\n]}";
    }

    private static String meta(int pid, String name) {
        return "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"args\":{\"name\":\"" + name + "\"}}";
    }

    private static String op(int pid, long ts, long dur, String node, String type, String... inputs) {
        StringBuilder b = new StringBuilder("{\"ph\":\"X\",\"cat\":\"Op\",\"name\":\"").append(type)
                .append("\",\"pid\":").append(pid).append(",\"tid\":0,\"ts\":").append(ts).append(",\"dur\":")
                .append(dur).append(",\"args\":{\"name\":\"").append(node).append("\",\"op\":\"").append(type)
                .append('"');
        for (int i = 0; i < inputs.length; i++) {
            b.append(",\"input").append(i).append("\":\"").append(inputs[i]).append('"');
        }
        return b.append("}}").toString();
    }
}
