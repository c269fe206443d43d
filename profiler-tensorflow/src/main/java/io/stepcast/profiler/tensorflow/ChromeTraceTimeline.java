package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.NodeExecStats;
import org.tensorflow.proto.NodeOutput;
import org.tensorflow.proto.StepStats;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Converts TensorFlow {@code StepStats} into the Chrome trace JSON that TensorFlow 1.x writes with
 * {@code timeline.Timeline(step_stats).generate_chrome_trace_format(show_dataflow=True, show_memory=True)}
 * ({@code tensorflow/python/client/timeline.py}), a line-by-line port so that tools written for TensorFlow
 * timelines read ours unchanged:
 * <ul>
 *   <li>{@code "ph":"M"} metadata first: process {@code Allocators} (pid 0), then per device a
 *       {@code "<device> Compute"} and a {@code "<device> Tensors"} process, then the lane (thread) names
 *       of each compute process ({@code "lane N"}; an addition to TensorFlow 1.x, which never names threads);</li>
 *   <li>{@code "ph":"X"} one event per node: {@code cat} {@code Op}, {@code name} = op (kernel) type parsed
 *       from the node's {@code timeline_label} ({@code name = Op(input, ...)}), {@code ts} =
 *       {@code all_start_micros}, {@code dur} = {@code all_end_rel_micros}, {@code tid} = a lane in which
 *       events do not overlap, {@code args} = {@code name} (node), {@code op}, {@code input0}..;</li>
 *   <li>per node output: {@code "ph":"N"} tensor creation and a {@code "ph":"O"} snapshot whose
 *       {@code args.snapshot.tensor_description} is the protobuf text of the output's tensor description
 *       (shape, {@code requested_bytes}, {@code allocated_bytes} when the kernel allocated it), double
 *       quotes removed; {@code "ph":"D"} deletion at the last use;</li>
 *   <li>{@code "ph":"s"/"t"} data-flow arrows between lanes and {@code "ph":"C"} memory counters per
 *       allocator.</li>
 * </ul>
 * Times are TensorFlow's absolute microseconds, as in TensorFlow 1.x.
 */
public final class ChromeTraceTimeline {
    private static final Pattern OP_LABEL = Pattern.compile("(.*) = (.*)\\((.*)\\)");

    private final JsonNodeFactory json = JsonNodeFactory.instance;
    private final List<ObjectNode> metadata = new ArrayList<>();
    private final List<ObjectNode> events = new ArrayList<>();
    private final Map<String, TensorTracker> tensors = new LinkedHashMap<>();
    private final Map<String, long[]> flowStarts = new HashMap<>();
    private final Map<String, Integer> devicePids = new HashMap<>();
    private final Map<String, Integer> tensorPids = new HashMap<>();
    private final Map<NodeKey, Integer> lanes = new HashMap<>();
    private int nextPid;
    private int nextFlowId;
    private int allocatorsPid;

    private ChromeTraceTimeline() {
    }

    /** The timeline of one traced step as {@code {"traceEvents": [...]}}. */
    public static ObjectNode of(StepStats stepStats) {
        return new ChromeTraceTimeline().analyse(stepStats);
    }

    /**
     * Splits a node's {@code timeline_label} {@code "name = Op(in1, in2)"} into the op and its inputs, as
     * TensorFlow 1.x's {@code _parse_op_label} does.
     *
     * @return the op type followed by the inputs; {@code ["unknown"]} when the label has another form
     */
    public static List<String> parseOpLabel(String label) {
        Matcher m = OP_LABEL.matcher(label);
        List<String> parts = new ArrayList<>();
        if (!m.lookingAt()) {
            parts.add("unknown");
            return parts;
        }
        parts.add(m.group(2));
        String inputs = m.group(3);
        if (!inputs.isEmpty()) {
            parts.addAll(List.of(inputs.split(", ", -1)));
        }
        return parts;
    }

    private ObjectNode analyse(StepStats stats) {
        allocatePids(stats);
        assignLanes(stats);
        nameLanes(stats);
        analyseTensors(stats);
        showCompute(stats);
        showMemoryCounters();
        ObjectNode trace = json.objectNode();
        ArrayNode all = trace.putArray("traceEvents");
        metadata.forEach(all::add);
        events.forEach(all::add);
        return trace;
    }

    private int allocPid() {
        return nextPid++;
    }

    private void allocatePids(StepStats stats) {
        allocatorsPid = allocPid();
        emitPid("Allocators", allocatorsPid);
        for (DeviceStepStats dev : stats.getDevStatsList()) {
            int devicePid = allocPid();
            devicePids.put(dev.getDevice(), devicePid);
            int tensorsPid = allocPid();
            tensorPids.put(dev.getDevice(), tensorsPid);
            emitPid(dev.getDevice() + " Compute", devicePid);
            emitPid(dev.getDevice() + " Tensors", tensorsPid);
        }
    }

    /**
     * Names the lanes of each compute process. TensorFlow 1.x defines {@code emit_tid} but never calls it;
     * we add the names (metadata only, events unchanged) so viewers label the lanes.
     */
    private void nameLanes(StepStats stats) {
        for (int d = 0; d < stats.getDevStatsCount(); d++) {
            int devicePid = devicePids.get(stats.getDevStats(d).getDevice());
            int count = 0;
            for (int n = 0; n < stats.getDevStats(d).getNodeStatsCount(); n++) {
                count = Math.max(count, lanes.get(new NodeKey(d, n)) + 1);
            }
            for (int lane = 0; lane < count; lane++) {
                ObjectNode m = json.objectNode();
                m.put("name", "thread_name");
                m.put("ph", "M");
                m.put("pid", devicePid);
                m.put("tid", lane);
                m.putObject("args").put("name", "lane " + lane);
                metadata.add(m);
            }
        }
    }

    private void assignLanes(StepStats stats) {
        for (int d = 0; d < stats.getDevStatsCount(); d++) {
            int[] assigned = TimelineLanes.assign(stats.getDevStats(d).getNodeStatsList());
            for (int n = 0; n < assigned.length; n++) {
                lanes.put(new NodeKey(d, n), assigned[n]);
            }
        }
    }

    private void analyseTensors(StepStats stats) {
        for (int d = 0; d < stats.getDevStatsCount(); d++) {
            DeviceStepStats dev = stats.getDevStats(d);
            int devicePid = devicePids.get(dev.getDevice());
            int tensorsPid = tensorPids.get(dev.getDevice());
            for (int n = 0; n < dev.getNodeStatsCount(); n++) {
                NodeExecStats ns = dev.getNodeStats(n);
                int tid = lanes.get(new NodeKey(d, n));
                long start = ns.getAllStartMicros();
                long end = start + ns.getAllEndRelMicros();
                for (int index = 0; index < ns.getOutputCount(); index++) {
                    NodeOutput output = ns.getOutput(index);
                    String outputName = index == 0 ? ns.getNodeName() : ns.getNodeName() + ":" + index;
                    var allocation = output.getTensorDescription().getAllocationDescription();
                    TensorTracker tensor = new TensorTracker(outputName, tensors.size(), start, tensorsPid,
                            allocation.getAllocatorName(), allocation.getRequestedBytes());
                    tensors.put(outputName, tensor);
                    tensor.refs.add(start);
                    tensor.unrefs.add(end);
                    flowStarts.put(outputName, new long[] {end, devicePid, tid});
                    ObjectNode create = event("N", "Tensor", outputName, tensorsPid, tid, start);
                    create.put("id", tensor.objectId);
                    events.add(create);
                    ObjectNode snapshot = event("O", "Tensor", outputName, tensorsPid, tid, end - 1);
                    snapshot.put("id", tensor.objectId);
                    snapshot.putObject("args").putObject("snapshot").put("tensor_description",
                            output.getTensorDescription().toString().replace("\"", ""));
                    events.add(snapshot);
                }
            }
        }
    }

    private void showCompute(StepStats stats) {
        for (int d = 0; d < stats.getDevStatsCount(); d++) {
            DeviceStepStats dev = stats.getDevStats(d);
            int devicePid = devicePids.get(dev.getDevice());
            for (int n = 0; n < dev.getNodeStatsCount(); n++) {
                NodeExecStats ns = dev.getNodeStats(n);
                int tid = lanes.get(new NodeKey(d, n));
                long start = ns.getAllStartMicros();
                long end = start + ns.getAllEndRelMicros();
                boolean rpc = ns.getNodeName().equals("RecvTensor");
                List<String> parsed = rpc ? List.of("RecvTensor") : parseOpLabel(ns.getTimelineLabel());
                String op = parsed.get(0);
                List<String> inputs = parsed.subList(1, parsed.size());
                ObjectNode region = event("X", "Op", op, devicePid, tid, start);
                region.put("dur", ns.getAllEndRelMicros());
                ObjectNode args = region.putObject("args");
                args.put("name", ns.getNodeName());
                args.put("op", op);
                for (int i = 0; i < inputs.size(); i++) {
                    args.put("input" + i, inputs.get(i));
                }
                events.add(region);
                if (rpc) {
                    continue;
                }
                for (String input : inputs) {
                    String name = input;
                    if (!tensors.containsKey(name)) {
                        // Partitioning may have inserted Send/Recv: attribute the edge to the original node.
                        int index = name.lastIndexOf("/_");
                        if (index > 0) {
                            name = name.substring(0, index);
                        }
                    }
                    TensorTracker tensor = tensors.get(name);
                    if (tensor == null) {
                        continue;
                    }
                    tensor.refs.add(start);
                    tensor.unrefs.add(end - 1);
                    long[] from = flowStarts.get(name);
                    if (from[1] != devicePid || from[2] != tid) {
                        int flowId = nextFlowId++;
                        ObjectNode s = event("s", "DataFlow", name, (int) from[1], (int) from[2], from[0]);
                        s.put("id", flowId);
                        events.add(s);
                        ObjectNode t = event("t", "DataFlow", name, devicePid, tid, start);
                        t.put("id", flowId);
                        events.add(t);
                    }
                }
            }
        }
    }

    private void showMemoryCounters() {
        Map<String, List<Allocation>> allocations = new LinkedHashMap<>();
        for (TensorTracker tensor : tensors.values()) {
            long lastUnref = tensor.unrefs.stream().mapToLong(Long::longValue).max().orElse(tensor.createTime);
            ObjectNode delete = event("D", "Tensor", tensor.name, tensor.pid, 0, lastUnref);
            delete.put("id", tensor.objectId);
            events.add(delete);
            List<Allocation> list = allocations.computeIfAbsent(tensor.allocator, a -> new ArrayList<>());
            list.add(new Allocation(tensor.createTime, tensor.bytes, tensor.name));
            list.add(new Allocation(lastUnref, -tensor.bytes, tensor.name));
        }
        for (Map.Entry<String, List<Allocation>> e : allocations.entrySet()) {
            List<Allocation> list = new ArrayList<>(e.getValue());
            list.sort(Comparator.comparingLong(Allocation::time).thenComparingLong(Allocation::bytes)
                    .thenComparing(Allocation::name));
            long total = 0;
            for (Allocation a : list) {
                total += a.bytes();
                ObjectNode counter = event("C", "Memory", e.getKey(), allocatorsPid, 0, a.time());
                counter.putObject("args").put(e.getKey(), total);
                events.add(counter);
            }
        }
    }

    private void emitPid(String name, int pid) {
        ObjectNode m = json.objectNode();
        m.put("name", "process_name");
        m.put("ph", "M");
        m.put("pid", pid);
        m.putObject("args").put("name", name);
        metadata.add(m);
    }

    private ObjectNode event(String ph, String category, String name, int pid, int tid, long timestamp) {
        ObjectNode e = json.objectNode();
        e.put("ph", ph);
        e.put("cat", category);
        e.put("name", name);
        e.put("pid", pid);
        e.put("tid", tid);
        e.put("ts", timestamp);
        return e;
    }

    private record NodeKey(int device, int node) {
    }

    private record Allocation(long time, long bytes, String name) {
    }

    /** TensorFlow 1.x's {@code _TensorTracker}: where a tensor lives and when it is used. */
    private static final class TensorTracker {
        final String name;
        final int objectId;
        final long createTime;
        final int pid;
        final String allocator;
        final long bytes;
        final List<Long> refs = new ArrayList<>();
        final List<Long> unrefs = new ArrayList<>();

        TensorTracker(String name, int objectId, long createTime, int pid, String allocator, long bytes) {
            this.name = name;
            this.objectId = objectId;
            this.createTime = createTime;
            this.pid = pid;
            this.allocator = allocator;
            this.bytes = bytes;
        }
    }
}
