package io.stepcast.profiler.tensorflow;

import org.tensorflow.proto.AllocationDescription;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.NodeExecStats;
import org.tensorflow.proto.NodeOutput;
import org.tensorflow.proto.StepStats;
import org.tensorflow.proto.TensorDescription;

/** Hand-made TensorFlow step statistics for unit tests of the timeline conversion (synthetic, not measured). */
final class SyntheticStepStats {
    static final String DEVICE = "/job:localhost/replica:0/task:0/device:CPU:0";

    private SyntheticStepStats() {
    }

    /**
     * Four nodes: a variable read at 100 us (5 us), a convolution 110-210 us reading it, a node overlapping
     * the convolution (so it needs a second lane) whose input carries a partitioning suffix, and an op with
     * an unparseable label.
     */
    static StepStats fourNodes() {
        return StepStats.newBuilder().addDevStats(DeviceStepStats.newBuilder().setDevice(DEVICE)
                .addNodeStats(node("w/read", 100, 5, "w/read = ReadVariableOp(w)", 600, 0))
                .addNodeStats(node("conv", 110, 100, "[mklcpu 0.5MB 0.5MB] conv = _MklNativeConv2D(x, w/read)", 4096, 4096))
                .addNodeStats(node("side", 150, 20, "side = Identity(conv/_3)", 0, 0))
                .addNodeStats(node("odd", 300, 1, "no label", -1, 0)))
                .build();
    }

    /**
     * A tiny training step: two variable handles and reads, a matmul on the weights, a gradient, and two
     * updates, the second naming a gradient node that is not in the step (fused away).
     */
    static StepStats trainingStep() {
        return StepStats.newBuilder().addDevStats(DeviceStepStats.newBuilder().setDevice(DEVICE)
                .addNodeStats(node("w", 10, 1, "w = VarHandleOp()", 8, 0))
                .addNodeStats(node("w/read", 12, 2, "w/read = ReadVariableOp(w)", 400, 0))
                .addNodeStats(node("b/read", 12, 2, "b/read = ReadVariableOp(b)", 40, 0))
                .addNodeStats(node("m", 15, 10, "m = _MklMatMul(x, w/read)", 4000, 4000))
                .addNodeStats(node("y", 26, 2, "y = BiasAdd(m:0, b/read)", 4000, 4000))
                .addNodeStats(node("g", 30, 10, "g = _MklMatMul(y, x, ^m)", 400, 400))
                .addNodeStats(node("update_w", 41, 3, "update_w = ResourceApplyGradientDescent(w, lr, g)", -1, 0))
                .addNodeStats(node("update_b", 45, 1, "update_b = ResourceApplyGradientDescent(b, lr, gone:1)", -1, 0)))
                .build();
    }

    private static NodeExecStats node(String name, long start, long duration, String label, long requested,
                                      long allocated) {
        NodeExecStats.Builder b = NodeExecStats.newBuilder().setNodeName(name).setAllStartMicros(start)
                .setAllEndRelMicros(duration).setTimelineLabel(label);
        if (requested >= 0) {
            AllocationDescription.Builder a = AllocationDescription.newBuilder().setRequestedBytes(requested)
                    .setAllocatorName("mklcpu");
            if (allocated > 0) {
                a.setAllocatedBytes(allocated);
            }
            b.addOutput(NodeOutput.newBuilder().setSlot(0).setTensorDescription(
                    TensorDescription.newBuilder().setAllocationDescription(a)));
        }
        return b.build();
    }
}
