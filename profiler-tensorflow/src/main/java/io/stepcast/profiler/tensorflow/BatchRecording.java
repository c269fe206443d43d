package io.stepcast.profiler.tensorflow;

import org.tensorflow.proto.StepStats;

import java.util.Arrays;
import java.util.List;

/**
 * What the profiler recorded for one network at one batch size.
 *
 * @param network     the network
 * @param localBatch  samples per step
 * @param plan        the steps that were run
 * @param parameters  the parameter tensors of the graph
 * @param untracedS   wall-clock seconds of each timed untraced step
 * @param tracedS     wall-clock seconds of each kept traced step
 * @param losses      the loss of every step, in execution order (warm-up included)
 * @param traces      the TensorFlow step statistics of each kept traced step
 */
public record BatchRecording(Network network, int localBatch, RecordingPlan plan, List<ModelParameter> parameters,
                             List<Double> untracedS, List<Double> tracedS, List<Float> losses,
                             List<StepStats> traces) {
    public BatchRecording {
        parameters = List.copyOf(parameters);
        untracedS = List.copyOf(untracedS);
        tracedS = List.copyOf(tracedS);
        losses = List.copyOf(losses);
        traces = List.copyOf(traces);
    }

    /** Median of the untraced step times, seconds. */
    public double medianUntracedS() {
        return median(untracedS);
    }

    /** Median of the traced step times, seconds (the tracing overhead is the difference). */
    public double medianTracedS() {
        return median(tracedS);
    }

    /**
     * Median over the kept traced steps of the executor's span, seconds: from the first node's start to the
     * last node's end in the step statistics. It is the step time a timeline importer sees; it leaves out the
     * session-run overhead outside the executor (feeding, fetching) that the wall-clock times include.
     */
    public double medianTracedSpanS() {
        return median(traces.stream().map(BatchRecording::spanS).toList());
    }

    static double spanS(StepStats stats) {
        long first = Long.MAX_VALUE;
        long last = Long.MIN_VALUE;
        for (var dev : stats.getDevStatsList()) {
            for (var n : dev.getNodeStatsList()) {
                first = Math.min(first, n.getAllStartMicros());
                last = Math.max(last, n.getAllStartMicros() + n.getAllEndRelMicros());
            }
        }
        return last > first ? (last - first) / 1e6 : 0;
    }

    /** Sample standard deviation of the untraced step times (0 for a single step). */
    public double untracedStandardDeviationS() {
        int n = untracedS.size();
        if (n < 2) {
            return 0;
        }
        double mean = untracedS.stream().mapToDouble(Double::doubleValue).average().orElse(0);
        double ss = untracedS.stream().mapToDouble(v -> (v - mean) * (v - mean)).sum();
        return Math.sqrt(ss / (n - 1));
    }

    /** Bytes of all parameter tensors. */
    public long parameterBytes() {
        return parameters.stream().mapToLong(ModelParameter::bytes).sum();
    }

    /** Loss of the first step. */
    public float firstLoss() {
        return losses.get(0);
    }

    /** Loss of the last step. */
    public float lastLoss() {
        return losses.get(losses.size() - 1);
    }

    static double median(List<Double> values) {
        double[] v = values.stream().mapToDouble(Double::doubleValue).sorted().toArray();
        if (v.length == 0) {
            return Double.NaN;
        }
        int mid = v.length / 2;
        return v.length % 2 == 1 ? v[mid] : (v[mid - 1] + v[mid]) / 2;
    }

    @Override
    public String toString() {
        return network.name() + " batch " + localBatch + ": untraced " + untracedS + " traced " + tracedS
                + " losses " + Arrays.toString(losses.toArray());
    }
}
