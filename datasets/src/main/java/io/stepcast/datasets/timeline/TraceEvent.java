package io.stepcast.datasets.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * One event of a Chrome trace as the streaming reader sees it. Instances are reused (no allocation per event):
 * a {@link ChromeTraceReader.Handler} sees the same object for every event and must copy what it keeps; a
 * {@link ChromeTraceReader.Filler} owns the objects it hands out and gets them back filled.
 */
final class TraceEvent {
    String ph;
    String name;
    int pid;
    int tid;
    double ts = Double.NaN;
    double dur = Double.NaN;
    /** {@code args.name}: the node name (TensorFlow 1.x) or process/thread name (metadata). */
    String argName;
    /** {@code args.op}: the op type. */
    String argOp;
    /** {@code args.long_name} (TensorFlow 2 profiler: {@code node:Op}). */
    String argLongName;
    /** {@code args.tf_op} (TensorFlow 2 profiler kernels: {@code node:Op}). */
    String argTfOp;
    /** Bytes of the tensor in {@code args.snapshot.tensor_description} ({@code requested_bytes}, else
     *  {@code allocated_bytes}); -1 when absent. */
    long tensorBytes = -1;
    /** {@code args.inputK} by index K; null where absent. */
    final List<String> inputs = new ArrayList<>();
    /** 1-based line of the event's start in the file. */
    long line;
    /** 1-based column of the event's start. */
    long column;

    void reset() {
        ph = null;
        name = null;
        pid = 0;
        tid = 0;
        ts = Double.NaN;
        dur = Double.NaN;
        argName = null;
        argOp = null;
        argLongName = null;
        argTfOp = null;
        tensorBytes = -1;
        inputs.clear();
    }

    void input(int index, String value) {
        while (inputs.size() <= index) {
            inputs.add(null);
        }
        inputs.set(index, value);
    }
}
