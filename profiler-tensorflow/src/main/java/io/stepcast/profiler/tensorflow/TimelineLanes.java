package io.stepcast.profiler.tensorflow;

import org.tensorflow.proto.NodeExecStats;

import java.util.ArrayList;
import java.util.List;

/**
 * TensorFlow 1.x's lane assignment ({@code Timeline._assign_lanes}): each node of a device goes to the
 * first lane whose last node ended strictly before it starts, or to a new lane. Nodes of one lane never
 * overlap, so a lane reads like a thread.
 */
final class TimelineLanes {
    private TimelineLanes() {
    }

    /** The lane of each node, in the order given. */
    static int[] assign(List<NodeExecStats> nodes) {
        int[] lanes = new int[nodes.size()];
        List<Long> laneEnds = new ArrayList<>(List.of(0L));
        for (int n = 0; n < nodes.size(); n++) {
            NodeExecStats ns = nodes.get(n);
            long end = ns.getAllStartMicros() + ns.getAllEndRelMicros();
            int lane = -1;
            for (int i = 0; i < laneEnds.size(); i++) {
                if (ns.getAllStartMicros() > laneEnds.get(i)) {
                    lane = i;
                    laneEnds.set(i, end);
                    break;
                }
            }
            if (lane < 0) {
                lane = laneEnds.size();
                laneEnds.add(end);
            }
            lanes[n] = lane;
        }
        return lanes;
    }
}
