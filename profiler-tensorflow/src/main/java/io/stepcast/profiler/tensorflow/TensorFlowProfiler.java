package io.stepcast.profiler.tensorflow;

import org.tensorflow.proto.StepStats;

import java.util.ArrayList;
import java.util.List;

/**
 * Records a network's training steps at one batch size following a {@link RecordingPlan}: builds the
 * training graph in a fresh session, trains it with gradient descent on a generated batch and keeps the
 * step times, the losses and the full TensorFlow traces of the traced steps.
 */
public final class TensorFlowProfiler {
    private final RecordingPlan plan;

    /** A profiler that runs {@code plan} at each batch size. */
    public TensorFlowProfiler(RecordingPlan plan) {
        this.plan = plan;
    }

    /** Runs the plan for {@code network} at {@code localBatch}. */
    public BatchRecording record(Network network, int localBatch) {
        if (localBatch < 1) {
            throw new IllegalArgumentException("local batch must be at least 1, was " + localBatch);
        }
        TensorFlowRuntime.prepare();
        List<Double> untraced = new ArrayList<>();
        List<Double> traced = new ArrayList<>();
        List<Float> losses = new ArrayList<>();
        List<StepStats> traces = new ArrayList<>();
        try (TrainingGraph graph = new TrainingGraph(network, plan.seed(), plan.threads());
             GeneratedBatch batch = new GeneratedBatch(network, localBatch, plan.seed())) {
            for (int i = 0; i < plan.warmup(); i++) {
                losses.add(graph.step(batch, false).loss());
            }
            for (int i = 0; i < plan.steps(); i++) {
                StepOutcome o = graph.step(batch, false);
                losses.add(o.loss());
                untraced.add(o.wallNanos() / 1e9);
            }
            losses.add(graph.step(batch, true).loss());
            for (int i = 0; i < plan.tracedSteps(); i++) {
                StepOutcome o = graph.step(batch, true);
                losses.add(o.loss());
                traced.add(o.wallNanos() / 1e9);
                traces.add(o.stepStats().orElseThrow(() -> new IllegalStateException(
                        "TensorFlow returned no step statistics for a traced step of " + network.name())));
            }
            return new BatchRecording(network, localBatch, plan, graph.parameters(), untraced, traced, losses, traces);
        }
    }
}
