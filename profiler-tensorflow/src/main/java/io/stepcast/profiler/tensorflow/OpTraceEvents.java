package io.stepcast.profiler.tensorflow;

import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.tensorflow.proto.DeviceStepStats;
import org.tensorflow.proto.NodeExecStats;
import org.tensorflow.proto.StepStats;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.SortedSet;
import java.util.TreeSet;

/**
 * Converts the step statistics of one traced step into op-trace events for the datasets module's
 * Parquet op trace, with the single-worker profile semantics of Li et al. (ICPE 2020, section 3):
 * <ul>
 *   <li>a {@code ReadVariableOp} is the {@code RECEIVE} of its variable (its first input): tensor = the
 *       variable's name, bytes = the read tensor's {@code requested_bytes};</li>
 *   <li>a {@code ResourceApply*} update is the {@code SEND} of that variable's gradient: producer = the node
 *       named by its gradient input (the last input), when that node ran in the step; oneDNN may have fused
 *       it away (a convolution's {@code BiasAddGrad} inside {@code _MklNativeConv2DBackpropFilterWithBias})
 *       while the label still names it, and then the producer is left empty;</li>
 *   <li>{@code VarHandleOp} is {@code OTHER} (a handle lookup, no data);</li>
 *   <li>every other node is {@code COMPUTE}; its {@code requires} is the union of its inputs'
 *       requirements (data and control inputs), a read requiring its own variable.</li>
 * </ul>
 * Lanes are TensorFlow 1.x's timeline lanes (see {@link TimelineLanes}); times are TensorFlow's absolute
 * microseconds, like the timeline files.
 */
final class OpTraceEvents {
    private final Map<String, NodeExecStats> nodes = new HashMap<>();
    private final Map<String, Set<String>> requirements = new HashMap<>();
    private final Set<String> resolving = new HashSet<>();

    private OpTraceEvents() {
    }

    /** The events of {@code stats}, numbered as step {@code step} of worker 0. */
    static List<OpEvent> of(int step, StepStats stats) {
        return new OpTraceEvents().convert(step, stats);
    }

    private List<OpEvent> convert(int step, StepStats stats) {
        for (DeviceStepStats dev : stats.getDevStatsList()) {
            dev.getNodeStatsList().forEach(n -> nodes.put(n.getNodeName(), n));
        }
        Map<String, Long> readBytes = new HashMap<>();
        nodes.values().stream().filter(OpTraceEvents::isRead).forEach(n ->
                readBytes.put(variableOf(n), n.getOutputCount() > 0
                        ? n.getOutput(0).getTensorDescription().getAllocationDescription().getRequestedBytes() : 0L));
        List<OpEvent> events = new ArrayList<>();
        for (DeviceStepStats dev : stats.getDevStatsList()) {
            int[] lanes = TimelineLanes.assign(dev.getNodeStatsList());
            for (int i = 0; i < dev.getNodeStatsCount(); i++) {
                NodeExecStats n = dev.getNodeStats(i);
                String type = type(n);
                double start = n.getAllStartMicros();
                double duration = n.getAllEndRelMicros();
                OpEvent event;
                if (isRead(n)) {
                    String variable = variableOf(n);
                    event = new OpEvent(step, 0, dev.getDevice(), lanes[i], n.getNodeName(), type, OpCategory.RECEIVE,
                            start, duration, variable, readBytes.get(variable), null, List.of(variable));
                } else if (type.startsWith("ResourceApply")) {
                    List<String> inputs = inputs(n);
                    String variable = inputs.isEmpty() ? n.getNodeName() : inputs.get(0);
                    String gradient = inputs.size() < 2 ? null : nodeName(inputs.get(inputs.size() - 1));
                    String producer = gradient != null && nodes.containsKey(gradient) ? gradient : null;
                    event = new OpEvent(step, 0, dev.getDevice(), lanes[i], n.getNodeName(), type, OpCategory.SEND,
                            start, duration, variable, readBytes.getOrDefault(variable, -1L), producer, List.of());
                } else if (type.equals("VarHandleOp")) {
                    event = new OpEvent(step, 0, dev.getDevice(), lanes[i], n.getNodeName(), type, OpCategory.OTHER,
                            start, duration, null, -1, null, List.of());
                } else {
                    event = new OpEvent(step, 0, dev.getDevice(), lanes[i], n.getNodeName(), type, OpCategory.COMPUTE,
                            start, duration, null, -1, null, List.copyOf(requires(n.getNodeName())));
                }
                events.add(event);
            }
        }
        return events;
    }

    private static boolean isRead(NodeExecStats n) {
        return type(n).equals("ReadVariableOp");
    }

    private static String type(NodeExecStats n) {
        return ChromeTraceTimeline.parseOpLabel(n.getTimelineLabel()).get(0);
    }

    private static List<String> inputs(NodeExecStats n) {
        List<String> parsed = ChromeTraceTimeline.parseOpLabel(n.getTimelineLabel());
        return parsed.subList(1, parsed.size());
    }

    private static String variableOf(NodeExecStats read) {
        List<String> in = inputs(read);
        return in.isEmpty() ? read.getNodeName() : nodeName(in.get(0));
    }

    /** The node an input names: without the control marker {@code ^} and the output index {@code :k}. */
    static String nodeName(String input) {
        String name = input.startsWith("^") ? input.substring(1) : input;
        int colon = name.lastIndexOf(':');
        if (colon > 0 && name.substring(colon + 1).chars().allMatch(Character::isDigit)) {
            name = name.substring(0, colon);
        }
        return name;
    }

    /** The variables a node transitively depends on; inputs that did not run in the step add nothing. */
    private Set<String> requires(String name) {
        Set<String> known = requirements.get(name);
        if (known != null) {
            return known;
        }
        NodeExecStats n = nodes.get(name);
        if (n == null || !resolving.add(name)) {
            return Set.of();
        }
        SortedSet<String> result = new TreeSet<>();
        if (isRead(n)) {
            result.add(variableOf(n));
        } else {
            for (String input : inputs(n)) {
                result.addAll(requires(nodeName(input)));
            }
        }
        resolving.remove(name);
        Set<String> frozen = Collections.unmodifiableSortedSet(result);
        requirements.put(name, frozen);
        return frozen;
    }
}
