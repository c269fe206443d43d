package io.stepcast.datasets.timeline;

import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;

import java.io.IOException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeSet;

/**
 * Turns Chrome trace events of TensorFlow timelines into op-trace events (see {@link TimelineImporter} for
 * the rules). Keeps the dataflow graph (node to inputs, bounded by the graph's size) and the events of the
 * current step, whose dependencies are resolved when the step ends. Memory is bounded: at most
 * {@value #MAX_GRAPH_NODES} distinct nodes are remembered (beyond that the graph is forgotten and rebuilt)
 * and at most {@value #MAX_BUFFERED} events are buffered. Not thread-safe: one per file.
 */
final class TimelineConverter implements ChromeTraceReader.Handler {
    /** A step with more events than this is flushed early, resolving dependencies with what is known so far. */
    static final int MAX_BUFFERED = 200_000;

    /** Distinct nodes remembered; real training graphs have tens of thousands. */
    static final int MAX_GRAPH_NODES = 250_000;

    private static final Map<String, Integer> GRADIENT_INPUT = gradientInputs();

    private final String file;
    private final OpEventSink sink;
    private final Map<Integer, String> processNames = new HashMap<>();
    private final Map<Long, Integer> lanes = new HashMap<>();
    private final Map<String, Long> outputBytes = new HashMap<>();
    private final Map<String, Long> tensorBytes = new HashMap<>();
    private final Map<String, Node> graph = new HashMap<>();
    private final Map<String, List<String>> requiresMemo = new HashMap<>();
    private final Map<List<String>, List<String>> interned = new HashMap<>();
    /** A receive's requirement (its own variable), one list per variable, so writers can recognise it by identity. */
    private final Map<String, List<String>> readRequirements = new HashMap<>();
    private final Set<String> seenInStep = new HashSet<>();
    private final List<Pending> buffer = new ArrayList<>();
    private long lastLaneKey;
    private int lastLane = -1;
    private int step;
    private long opEvents;
    private long emitted;

    /**
     * A node of the dataflow graph as last seen: its inputs (node names), type, category and, for a receive, the
     * variable it reads. A node seen again with the same inputs and type reuses all of it, so a repeating
     * training graph is classified once, not once per step.
     */
    private record Node(String[] inputs, String type, OpCategory category, String readTensor) {
    }

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
        if (known != null && known.inputs.length == n) {
            int i = 0;
            while (i < n && inputNode(references.get(i)) == known.inputs[i]) {
                i++;
            }
            if (i == n) {
                return known.inputs;
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
            node = canonical(nodeName(reference));
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
            processNames.put(e.pid, e.argName);
            roles.clear();
        }
    }

    /** What the events of a process are to the op trace. */
    enum Role {
        /** Host ops (TensorFlow's executor): their node names mark the steps. */
        HOST,
        /** GPU streams and copies ({@code /device:GPU:0/stream:7 Compute}): kernels of host ops. */
        GPU,
        /** {@code stream:all}, the kernels of every stream again, when the streams are also listed on their own. */
        DUPLICATE,
        /**
         * A parameter server ({@code /job:ps}): its updates are the gradient sends of the worker's view, kept, but
         * they repeat once per worker, so they do not mark steps.
         */
        PARAMETER_SERVER,
        /** A worker other than the one whose view is kept. */
        OTHER_TASK
    }

    private final Map<Integer, Role> roles = new HashMap<>();
    /** The {@code /job:worker/replica:R/task:T} prefix of the worker whose view is kept. */
    private String keptWorker;
    private long otherTaskEvents;
    private long duplicateEvents;
    private long parameterServerEvents;

    private Role role(int pid) {
        Role r = roles.get(pid);
        if (r == null) {
            r = roleOf(processNames.get(pid));
            roles.put(pid, r);
        }
        return r;
    }

    private Role roleOf(String process) {
        if (process == null) {
            return Role.HOST;
        }
        if (process.startsWith("/job:ps")) {
            return Role.PARAMETER_SERVER;
        }
        if (process.startsWith("/job:worker")) {
            String task = taskOf(process);
            if (keptWorker == null) {
                keptWorker = task;
            } else if (!keptWorker.equals(task)) {
                return Role.OTHER_TASK;
            }
        }
        int all = process.indexOf("/stream:all");
        if (all >= 0) {
            String device = process.substring(0, all);
            for (String other : processNames.values()) {
                if (other.startsWith(device + "/stream:") && !other.startsWith(device + "/stream:all")) {
                    return Role.DUPLICATE;
                }
            }
            return Role.GPU;
        }
        return process.contains("/stream:") || process.contains("/memcpy") ? Role.GPU : Role.HOST;
    }

    /** {@code /job:worker/replica:0/task:1} of {@code /job:worker/replica:0/task:1/device:GPU:0 Compute}. */
    private static String taskOf(String process) {
        int device = process.indexOf("/device:");
        return device > 0 ? process.substring(0, device) : process.split(" ")[0];
    }

    /** Op events left out because they belong to another worker. */
    long otherTaskEvents() {
        return otherTaskEvents;
    }

    /** Op events of parameter servers (kept). */
    long parameterServerEvents() {
        return parameterServerEvents;
    }

    /** Op events left out as {@code stream:all} duplicates. */
    long duplicateEvents() {
        return duplicateEvents;
    }

    private void snapshot(TraceEvent e) {
        if (e.name != null && e.tensorBytes >= 0) {
            outputBytes.put(e.name, e.tensorBytes);
        }
    }

    /** {@code requested_bytes} (exact size) or else {@code allocated_bytes} of a tensor description. */
    static long bytesOf(String description) {
        char[] c = description.toCharArray();
        return bytesOf(c, 0, c.length);
    }

    /** As {@link #bytesOf(String)}, over a slice of characters (no string is built). */
    static long bytesOf(char[] text, int offset, int length) {
        long v = field(text, offset, length, REQUESTED);
        return v >= 0 ? v : field(text, offset, length, ALLOCATED);
    }

    private static final char[] REQUESTED = "requested_bytes: ".toCharArray();
    private static final char[] ALLOCATED = "allocated_bytes: ".toCharArray();

    private static long field(char[] s, int offset, int length, char[] key) {
        int end = offset + length;
        outer:
        for (int i = offset; i + key.length <= end; i++) {
            for (int k = 0; k < key.length; k++) {
                if (s[i + k] != key[k]) {
                    continue outer;
                }
            }
            long v = 0;
            int j = i + key.length;
            int start = j;
            while (j < end && s[j] >= '0' && s[j] <= '9') {
                v = v * 10 + (s[j] - '0');
                j++;
            }
            return j == start ? -1 : v;
        }
        return -1;
    }

    private void op(TraceEvent e) throws IOException {
        if (Double.isNaN(e.ts)) {
            throw new DataFormatException(where(e), "op event without field ts");
        }
        if (Double.isNaN(e.dur)) {
            throw new DataFormatException(where(e), "op event without field dur");
        }
        Role role = role(e.pid);
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
        if (!kernel && !rpc && !seenInStep.add(node)) {
            // A node runs once per step: seeing it again starts the next step.
            flush();
            step++;
            seenInStep.add(node);
        }
        Node known = kernel ? null : graph.get(node);
        String[] inputs = inputs(e.inputs, known);
        boolean unchanged = known != null && known.inputs == inputs && known.type == type;
        OpCategory category = unchanged ? known.category : classify(type, node);
        String tensor = null;
        long bytes = -1;
        String producer = null;
        if (category == OpCategory.RECEIVE) {
            tensor = unchanged ? known.readTensor : canonical(receivedTensor(type, node, inputs));
            Long b = outputBytes.get(node);
            if (b != null && tensor != null) {
                bytes = b;
                tensorBytes.put(tensor, b);
            }
        } else if (category == OpCategory.SEND) {
            tensor = canonical(inputs.length > 0 && !inputs[0].isEmpty() ? stripRead(inputs[0]) : node);
            bytes = tensorBytes.getOrDefault(tensor, -1L);
            String g = gradientInput(type, inputs);
            producer = g == null || g.isEmpty() ? null : g;
        }
        if (!kernel) {
            if (graph.size() >= maxGraphNodes && !graph.containsKey(node)) {
                // Not a training graph that repeats: resolve what is buffered with the whole graph, then forget
                // it rather than run out of memory; later dependencies come from the nodes seen since.
                flush();
                graph.clear();
                requiresMemo.clear();
                interned.clear();
                readRequirements.clear();
                outputBytes.clear();
                inputNodes.clear();
                known = null;
            }
            if (!unchanged) {
                String readTensor = category == OpCategory.RECEIVE ? tensor : null;
                if (known == null || !Arrays.equals(known.inputs, inputs)
                        || !Objects.equals(known.readTensor, readTensor)) {
                    requiresMemo.clear();
                }
                graph.put(node, new Node(inputs, type, category, readTensor));
            }
        }
        long laneKey = ((long) e.pid << 32) | (e.tid & 0xffffffffL);
        if (laneKey != lastLaneKey || lastLane < 0) {
            lastLane = lanes.computeIfAbsent(laneKey, k -> lanes.size());
            lastLaneKey = laneKey;
        }
        int lane = lastLane;
        buffer.add(new Pending(node, type, category, processNames.get(e.pid), lane, e.ts, e.dur, tensor, bytes,
                producer));
        if (buffer.size() >= MAX_BUFFERED) {
            flush();
        }
    }

    private void flush() throws IOException {
        for (Pending p : buffer) {
            List<String> requires = switch (p.category) {
                case COMPUTE -> requires(p.node);
                case RECEIVE -> p.tensor == null ? List.of() : readRequirement(p.tensor);
                default -> List.of();
            };
            // a send's producer must be an op of the trace; otherwise the profile attributes it by time
            String producer = p.producer != null && graph.containsKey(p.producer) ? p.producer : null;
            long bytes = p.bytes >= 0 ? p.bytes : p.tensor == null ? -1 : tensorBytes.getOrDefault(p.tensor, -1L);
            sink.accept(new OpEvent(step, 0, p.device, p.lane, p.node, p.type, p.category, p.start, p.duration,
                    p.tensor, bytes, producer, requires));
            emitted++;
        }
        buffer.clear();
        seenInStep.clear();
    }

    static OpCategory classify(String type, String node) {
        if (type.equals("RecvTensor") || type.equals("_Recv") || type.equals("_HostRecv")
                || type.equals("ReadVariableOp")) {
            return OpCategory.RECEIVE;
        }
        if (node.endsWith("/read") && (type.equals("Identity") || type.equals("unknown"))) {
            return OpCategory.RECEIVE;
        }
        if (type.startsWith("Apply") || type.startsWith("ResourceApply") || type.startsWith("SparseApply")
                || type.startsWith("ResourceSparseApply")) {
            return OpCategory.SEND;
        }
        if (type.equals("VarHandleOp")) {
            return OpCategory.OTHER;
        }
        return OpCategory.COMPUTE;
    }

    private static String receivedTensor(String type, String node, String[] inputs) {
        if (type.equals("RecvTensor")) {
            return node.equals("RecvTensor") ? null : node;
        }
        if (type.equals("_Recv") || type.equals("_HostRecv")) {
            int cut = node.indexOf("/_");
            return stripRead(cut > 0 ? node.substring(0, cut) : node);
        }
        if (inputs.length > 0 && !inputs[0].isEmpty()) {
            return stripRead(inputs[0]);
        }
        if (node.endsWith("/ReadVariableOp")) {
            return node.substring(0, node.length() - "/ReadVariableOp".length());
        }
        return stripRead(node);
    }

    private static String stripRead(String name) {
        return name.endsWith("/read") ? name.substring(0, name.length() - 5) : name;
    }

    private static String gradientInput(String type, String[] inputs) {
        if (inputs.length == 0) {
            return null;
        }
        String base = type.startsWith("Resource") ? type.substring("Resource".length()) : type;
        base = base.startsWith("Sparse") ? base.substring("Sparse".length()) : base;
        Integer k = GRADIENT_INPUT.get(base);
        if (k != null && k < inputs.length) {
            return inputs[k];
        }
        for (String in : inputs) {
            if (in.toLowerCase(Locale.ROOT).contains("grad")) {
                return in;
            }
        }
        return inputs[inputs.length - 1];
    }

    /** The node an input names: without the control marker {@code ^} and the output index {@code :k}. */
    static String nodeName(String input) {
        int from = input.startsWith("^") ? 1 : 0;
        int to = input.length();
        int colon = input.lastIndexOf(':');
        if (colon > from && colon < input.length() - 1) {
            boolean digits = true;
            for (int i = colon + 1; i < input.length(); i++) {
                if (!Character.isDigit(input.charAt(i))) {
                    digits = false;
                    break;
                }
            }
            if (digits) {
                to = colon;
            }
        }
        return from == 0 && to == input.length() ? input : input.substring(from, to);
    }

    /** Parameter tensors a node transitively depends on (iterative, so deep graphs cannot overflow the stack). */
    private List<String> requires(String root) {
        List<String> known = requiresMemo.get(root);
        if (known != null) {
            return known;
        }
        Deque<String> stack = new ArrayDeque<>();
        Set<String> visiting = new HashSet<>();
        stack.push(root);
        while (!stack.isEmpty()) {
            String n = stack.peek();
            if (requiresMemo.containsKey(n)) {
                stack.pop();
                continue;
            }
            Node node = graph.get(n);
            if (node == null) {
                requiresMemo.put(n, List.of());
                stack.pop();
                continue;
            }
            if (node.readTensor != null) {
                requiresMemo.put(n, readRequirement(node.readTensor));
                stack.pop();
                continue;
            }
            if (visiting.add(n)) {
                for (String in : node.inputs) {
                    if (!in.isEmpty() && !requiresMemo.containsKey(in) && !visiting.contains(in)) {
                        stack.push(in);
                    }
                }
            } else {
                stack.pop();
                visiting.remove(n);
                TreeSet<String> union = new TreeSet<>();
                for (String in : node.inputs) {
                    List<String> r = requiresMemo.get(in);
                    if (r != null) {
                        union.addAll(r);
                    }
                }
                requiresMemo.put(n, intern(List.copyOf(union)));
            }
        }
        return requiresMemo.get(root);
    }

    private List<String> readRequirement(String tensor) {
        return readRequirements.computeIfAbsent(tensor, t -> intern(List.of(t)));
    }

    private List<String> intern(List<String> list) {
        return interned.computeIfAbsent(list, k -> k);
    }

    private static Map<String, Integer> gradientInputs() {
        Map<String, Integer> m = new HashMap<>();
        m.put("ApplyGradientDescent", 2);
        m.put("ApplyProximalGradientDescent", 4);
        m.put("ApplyMomentum", 3);
        m.put("ApplyKerasMomentum", 3);
        m.put("ApplyAdagrad", 3);
        m.put("ApplyAdagradV2", 4);
        m.put("ApplyProximalAdagrad", 5);
        m.put("ApplyAdagradDA", 3);
        m.put("ApplyAdadelta", 6);
        m.put("ApplyAdam", 9);
        m.put("ApplyAdamWithAmsgrad", 10);
        m.put("ApplyAdaMax", 8);
        m.put("ApplyRMSProp", 7);
        m.put("ApplyCenteredRMSProp", 8);
        m.put("ApplyFtrl", 3);
        m.put("ApplyFtrlV2", 3);
        m.put("ApplyAddSign", 6);
        m.put("ApplyPowerSign", 6);
        return Map.copyOf(m);
    }
}
