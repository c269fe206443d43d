package io.stepcast.datasets.timeline;

import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.timeline.DataflowGraph.Node;
import io.stepcast.datasets.timeline.ProcessRoles.Role;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;

import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Turns Chrome trace events of TensorFlow timelines into op-trace events (see {@link TimelineImporter} for
 * the rules): reads each op event's node, type and inputs, keeps or drops it by its process's role
 * ({@link ProcessRoles}), classifies it ({@link OpNames}), finds where steps start and buffers the events of the
 * current step, whose dependencies are resolved from the {@link DataflowGraph} when the step ends. Memory is
 * bounded: at most {@value #MAX_GRAPH_NODES} distinct nodes are remembered (beyond that the graph is forgotten
 * and rebuilt) and at most {@value #MAX_BUFFERED} events are buffered. Not thread-safe: one per file.
 */
final class TimelineConverter implements ChromeTraceReader.Handler {
    /** A step with more events than this is flushed early, resolving dependencies with what is known so far. */
    static final int MAX_BUFFERED = 200_000;

    /** Distinct nodes remembered; real training graphs have tens of thousands. */
    static final int MAX_GRAPH_NODES = 250_000;

    private final String file;
    private final OpEventSink sink;
    private final ProcessRoles processes = new ProcessRoles();
    private final Map<Long, Integer> lanes = new HashMap<>();
    private final Map<String, Long> outputBytes = new HashMap<>();
    private final Map<String, Long> tensorBytes = new HashMap<>();
    private final DataflowGraph graph = new DataflowGraph();
    /** The host nodes of the current step, per process: every device's executor runs its own {@code _SOURCE}. */
    private final Map<Integer, Set<String>> seenInStep = new HashMap<>();
    private final List<Pending> buffer = new ArrayList<>();
    private long lastLaneKey;
    private int lastLane = -1;
    private int step;
    private long opEvents;
    private long emitted;
    private long otherTaskEvents;
    private long duplicateEvents;
    private long parameterServerEvents;

    private record Pending(String node, String type, OpCategory category, String device, int lane, double start,
                           double duration, String tensor, long bytes, String producer) {
    }

    private final int maxGraphNodes;

    TimelineConverter(String file, OpEventSink sink) {
        this(file, sink, MAX_GRAPH_NODES);
    }

    /** With another limit on remembered nodes (tests). */
    TimelineConverter(String file, OpEventSink sink, int maxGraphNodes) {
        this.file = file;
        this.sink = sink;
        this.maxGraphNodes = maxGraphNodes;
    }

    @Override
    public void event(TraceEvent e) throws IOException {
        if (e.ph == null) {
            throw new DataFormatException(where(e), "event without field ph");
        }
        switch (e.ph) {
            case "X" -> op(e);
            case "O" -> snapshot(e);
            case "M" -> metadata(e);
            default -> {
                // flows, counters, object creation and deletion carry nothing the op trace needs
            }
        }
    }

    /** Flushes the last step. */
    void finish() throws IOException {
        flush();
    }

    /** Op events read (ph X). */
    long opEvents() {
        return opEvents;
    }

    /** Op-trace events emitted. */
    long emitted() {
        return emitted;
    }

    /**
     * One instance per distinct name, so that the many look-ups and the Parquet encoder's cache compare names
     * by identity (null stays null). Bounded: cleared when it outgrows {@value #CANONICAL_LIMIT} names.
     */
    private String canonical(String s) {
        if (s == null) {
            return null;
        }
        String c = canonical.putIfAbsent(s, s);
        if (c != null) {
            return c;
        }
        if (canonical.size() > CANONICAL_LIMIT) {
            canonical.clear();
        }
        return s;
    }

    private static final int CANONICAL_LIMIT = 1 << 20;
    private final Map<String, String> canonical = new HashMap<>();
    /** Input references ({@code ^node}, {@code node:1}) to the node they name; cleared with the graph. */
    private final Map<String, String> inputNodes = new HashMap<>();

    /**
     * The node names of an event's inputs: the array the graph already holds for this node when they are the
     * same (a repeating graph allocates nothing), a new one otherwise.
     */
    private String[] inputs(List<String> references, Node known) {
        int n = references.size();
        if (known != null && known.inputs().length == n) {
            String[] knownInputs = known.inputs();
            int i = 0;
            while (i < n && inputNode(references.get(i)) == knownInputs[i]) {
                i++;
            }
            if (i == n) {
                return knownInputs;
            }
        }
        String[] inputs = new String[n];
        for (int i = 0; i < n; i++) {
            inputs[i] = inputNode(references.get(i));
        }
        return inputs;
    }

    private String inputNode(String reference) {
        if (reference == null) {
            return "";
        }
        String node = inputNodes.get(reference);
        if (node == null) {
            node = canonical(OpNames.nodeName(reference));
            if (inputNodes.size() >= CANONICAL_LIMIT) {
                inputNodes.clear();
            }
            inputNodes.put(reference, node);
        }
        return node;
    }

    private String where(TraceEvent e) {
        return file + ":" + e.line + ":" + e.column;
    }

    private void metadata(TraceEvent e) {
        if ("process_name".equals(e.name) && e.argName != null) {
            processes.name(e.pid, e.argName);
        }
    }

    /** Op events left out because they belong to another worker. */
    long otherTaskEvents() {
        return otherTaskEvents;
    }

    /** Op events of parameter servers (kept). */
    long parameterServerEvents() {
        return parameterServerEvents;
    }

    /**
     * The GPU tracer records each copy on its stream's lane and again on the device's {@code memcpy} lane: the
     * copies of the buffered step seen on a stream lane, to leave their {@code memcpy} repeats out (a copy only on
     * the {@code memcpy} lane is kept).
     */
    private Set<String> copiesOnStreams() {
        if (buffer.stream().noneMatch(p -> p.device != null && p.device.contains("/memcpy"))) {
            return Set.of();
        }
        Set<String> keys = new HashSet<>();
        for (Pending p : buffer) {
            if (p.device != null && p.device.contains("/stream:")) {
                keys.add(copyKey(p));
            }
        }
        return keys;
    }

    private static String copyKey(Pending p) {
        return p.node + '\u0000' + p.start + '\u0000' + p.duration;
    }

    /** Op events left out as {@code stream:all} duplicates and {@code memcpy} repeats of a stream's copies. */
    long duplicateEvents() {
        return duplicateEvents;
    }

    private void snapshot(TraceEvent e) {
        if (e.name != null && e.tensorBytes >= 0) {
            outputBytes.put(e.name, e.tensorBytes);
        }
    }

    private void op(TraceEvent e) throws IOException {
        if (Double.isNaN(e.ts)) {
            throw new DataFormatException(where(e), "op event without field ts");
        }
        if (Double.isNaN(e.dur)) {
            throw new DataFormatException(where(e), "op event without field dur");
        }
        Role role = processes.role(e.pid);
        if (role == Role.DUPLICATE) {
            duplicateEvents++;
            return;
        }
        if (role == Role.OTHER_TASK) {
            otherTaskEvents++;
            return;
        }
        opEvents++;
        if (role == Role.PARAMETER_SERVER) {
            parameterServerEvents++;
        }
        String node;
        String type;
        boolean kernel = false;
        if (e.argName != null) {
            node = e.argName;
            type = e.argOp != null ? e.argOp : e.name;
        } else if (e.argLongName != null) {
            int c = e.argLongName.lastIndexOf(':');
            node = c > 0 ? e.argLongName.substring(0, c) : e.argLongName;
            type = c > 0 ? e.argLongName.substring(c + 1) : e.name;
        } else if (e.argTfOp != null) {
            int c = e.argTfOp.lastIndexOf(':');
            node = c > 0 ? e.argTfOp.substring(0, c) : e.argTfOp;
            type = c > 0 ? e.argTfOp.substring(c + 1) : e.name;
            kernel = true;
        } else if (e.argOp == null && e.name != null && e.name.lastIndexOf(':') > 0
                && e.name.lastIndexOf(':') < e.name.length() - 1) {
            // TensorFlow 2 host events may carry "node:Op" as their name
            int c = e.name.lastIndexOf(':');
            node = e.name.substring(0, c);
            type = e.name.substring(c + 1);
        } else {
            node = e.name;
            type = e.argOp != null ? e.argOp : e.name;
        }
        if (node == null || node.isEmpty()) {
            throw new DataFormatException(where(e), "op event without a name");
        }
        if (type == null) {
            type = "unknown";
        }
        // A GPU lane repeats its host op's name (and one op may launch several kernels), a parameter server runs
        // an update per worker: neither starts a new step.
        kernel |= role == Role.GPU || role == Role.PARAMETER_SERVER;
        node = canonical(node);
        type = canonical(type);
        boolean rpc = type.equals("RecvTensor");
        if (!kernel && !rpc && !seenInStep.computeIfAbsent(e.pid, p -> new HashSet<>()).add(node)) {
            // A node runs once per step on its device: seeing it again there starts the next step. The same name
            // on another device (each partition's _SOURCE and _SINK) is the same step.
            flush();
            step++;
            seenInStep.computeIfAbsent(e.pid, p -> new HashSet<>()).add(node);
        }
        Node known = kernel ? null : graph.node(node);
        String[] inputs = inputs(e.inputs, known);
        boolean unchanged = known != null && known.inputs() == inputs && known.type() == type;
        OpCategory category = unchanged ? known.category() : OpNames.classify(type, node);
        String tensor = null;
        long bytes = -1;
        String producer = null;
        if (category == OpCategory.RECEIVE) {
            tensor = unchanged ? known.readTensor() : canonical(OpNames.receivedTensor(type, node, inputs));
            Long b = outputBytes.get(node);
            if (b != null && tensor != null) {
                bytes = b;
                tensorBytes.put(tensor, b);
            }
        } else if (category == OpCategory.SEND) {
            tensor = canonical(inputs.length > 0 && !inputs[0].isEmpty() ? OpNames.stripRead(inputs[0]) : node);
            bytes = tensorBytes.getOrDefault(tensor, -1L);
            String g = OpNames.gradientInput(type, inputs);
            producer = g == null || g.isEmpty() ? null : g;
        }
        if (!kernel) {
            if (graph.size() >= maxGraphNodes && !graph.contains(node)) {
                // Not a training graph that repeats: resolve what is buffered with the whole graph, then forget
                // it rather than run out of memory; later dependencies come from the nodes seen since.
                flush();
                graph.clear();
                outputBytes.clear();
                inputNodes.clear();
            }
            if (!unchanged) {
                graph.put(node, new Node(inputs, type, category, category == OpCategory.RECEIVE ? tensor : null));
            }
        }
        long laneKey = ((long) e.pid << 32) | (e.tid & 0xffffffffL);
        if (laneKey != lastLaneKey || lastLane < 0) {
            lastLane = lanes.computeIfAbsent(laneKey, k -> lanes.size());
            lastLaneKey = laneKey;
        }
        int lane = lastLane;
        buffer.add(new Pending(node, type, category, processes.nameOf(e.pid), lane, e.ts, e.dur, tensor, bytes,
                producer));
        if (buffer.size() >= MAX_BUFFERED) {
            flush();
        }
    }

    private void flush() throws IOException {
        Set<String> onStreams = copiesOnStreams();
        for (Pending p : buffer) {
            if (!onStreams.isEmpty() && p.device != null && p.device.contains("/memcpy")
                    && onStreams.contains(copyKey(p))) {
                duplicateEvents++;
                continue;
            }
            List<String> requires = switch (p.category) {
                case COMPUTE -> graph.requires(p.node);
                case RECEIVE -> p.tensor == null ? List.of() : graph.readRequirement(p.tensor);
                default -> List.of();
            };
            // a send's producer must be an op of the trace; otherwise the profile attributes it by time
            String producer = p.producer != null && graph.contains(p.producer) ? p.producer : null;
            long bytes = p.bytes >= 0 ? p.bytes : p.tensor == null ? -1 : tensorBytes.getOrDefault(p.tensor, -1L);
            sink.accept(new OpEvent(step, 0, p.device, p.lane, p.node, p.type, p.category, p.start, p.duration,
                    p.tensor, bytes, producer, requires));
            emitted++;
        }
        buffer.clear();
        seenInStep.clear();
    }
}
