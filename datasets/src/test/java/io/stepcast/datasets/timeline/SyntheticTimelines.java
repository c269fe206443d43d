package io.stepcast.datasets.timeline;

import java.util.ArrayList;
import java.util.List;

/**
 * Hand-written TensorFlow 1.x timelines for tests of the importer's mechanics (synthetic, not measured): a
 * two-layer network with resource variables as stepcast's TensorFlow-Java profiler writes it.
 */
final class SyntheticTimelines {
    private SyntheticTimelines() {
    }

    /** One step of x -> MatMul(w1) -> Relu -> MatMul(w2) -> loss, its gradients and the two updates. */
    static String twoLayerStep(long t0) {
        List<String> ev = new ArrayList<>();
        ev.add(meta(0, "Allocators"));
        ev.add(meta(1, "/job:localhost/replica:0/task:0/device:CPU:0 Compute"));
        ev.add(meta(2, "/job:localhost/replica:0/task:0/device:CPU:0 Tensors"));
        ev.add(snapshot("w1/read", t0 + 9, "requested_bytes: 3136"));
        ev.add(snapshot("w2/read", t0 + 9, "requested_bytes: 5120\\n  allocated_bytes: 8192"));
        ev.add(snapshot("l1/MatMul", t0 + 39, "allocated_bytes: 999"));
        ev.add(op(t0, 10, 0, "w1/read", "ReadVariableOp", "w1"));
        ev.add(op(t0, 12, 1, "w2/read", "ReadVariableOp", "w2"));
        ev.add(op(t0 + 10, 30, 0, "l1/MatMul", "MatMul", "x", "w1/read"));
        ev.add(op(t0 + 40, 5, 0, "l1/Relu", "Relu", "l1/MatMul:0"));
        ev.add(op(t0 + 45, 20, 0, "l2/MatMul", "MatMul", "l1/Relu", "w2/read"));
        ev.add(op(t0 + 65, 5, 0, "loss", "Sum", "l2/MatMul"));
        ev.add(op(t0 + 70, 20, 0, "gradients/l2/MatMul_grad/MatMul_1", "MatMul", "l1/Relu", "loss"));
        ev.add(op(t0 + 90, 25, 0, "gradients/l1/MatMul_grad/MatMul_1", "MatMul", "x", "^gradients/l2/MatMul_grad/MatMul_1"));
        ev.add(op(t0 + 92, 4, 1, "GradientDescent/update_w2", "ResourceApplyGradientDescent", "w2",
                "GradientDescent/learning_rate", "gradients/l2/MatMul_grad/MatMul_1"));
        ev.add(op(t0 + 115, 5, 1, "GradientDescent/update_w1", "ResourceApplyGradientDescent", "w1",
                "GradientDescent/learning_rate", "gradients/l1/MatMul_grad/MatMul_1"));
        ev.add(op(t0, 1, 1, "w1", "VarHandleOp"));
        ev.add("{\"ph\":\"s\",\"cat\":\"DataFlow\",\"name\":\"w1/read\",\"pid\":1,\"tid\":0,\"ts\":" + (t0 + 10) + ",\"id\":0}");
        ev.add("{\"ph\":\"C\",\"cat\":\"Memory\",\"name\":\"cpu\",\"pid\":0,\"tid\":0,\"ts\":" + t0 + ",\"args\":{\"cpu\":100}}");
        return String.join(",\n", ev);
    }

    /** A whole file of {@code steps} consecutive steps, 1000 us apart. */
    static String file(int steps) {
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < steps; s++) {
            parts.add(twoLayerStep(1_000_000L + 1000L * s));
        }
        return "{\"traceEvents\": [\n" + String.join(",\n", parts) + "\n]}";
    }

    static String meta(int pid, String name) {
        return "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"args\":{\"name\":\"" + name + "\"}}";
    }

    static String snapshot(String name, long ts, String desc) {
        return "{\"ph\":\"O\",\"cat\":\"Tensor\",\"name\":\"" + name + "\",\"pid\":2,\"tid\":0,\"ts\":" + ts
                + ",\"id\":1,\"args\":{\"snapshot\":{\"tensor_description\":\"dtype: DT_FLOAT\\nallocation_description {\\n  "
                + desc + "\\n}\"}}}";
    }

    static String op(long ts, long dur, int tid, String node, String type, String... inputs) {
        StringBuilder b = new StringBuilder("{\"ph\":\"X\",\"cat\":\"Op\",\"name\":\"").append(type)
                .append("\",\"pid\":1,\"tid\":").append(tid).append(",\"ts\":").append(ts).append(",\"dur\":").append(dur)
                .append(",\"args\":{\"name\":\"").append(node).append("\",\"op\":\"").append(type).append('"');
        for (int i = 0; i < inputs.length; i++) {
            b.append(",\"input").append(i).append("\":\"").append(inputs[i]).append('"');
        }
        return b.append("}}").toString();
    }
}
