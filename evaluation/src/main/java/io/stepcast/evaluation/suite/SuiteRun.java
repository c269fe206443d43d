package io.stepcast.evaluation.suite;

import io.stepcast.datasets.kineto.KinetoTraceFolder;
import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.evaluation.metrics.ScoredPoint;

import java.io.IOException;
import java.util.List;

/**
 * What the evaluation's own reproductions see of a run beyond the plugin
 * {@link io.stepcast.api.evaluation.Reproduction.Context}: the scored points, the recordings and a place
 * for predicted curves. They get it as {@code context.extension(SuiteRun.class)}.
 */
public interface SuiteRun {
    /** Every point the suite scored, in the run's order. */
    List<ScoredPoint> points();

    /** The recordings of {@code DATA/tf-cpu-profiles} (read once per run). */
    List<TfCpuRecordings.Recording> recordings() throws IOException;

    /** The PyTorch profiler traces of {@code DATA/kineto}, with their measured median steps (read once per run). */
    default List<KinetoTraceFolder.Trace> kinetoTraces() throws IOException {
        throw new IOException("this run reads no " + KinetoTraceFolder.SOURCE + " traces");
    }

    /** Adds a curve to the run's results (drawn as a chart in the report). */
    void curve(Curve curve);

    /** The run of a context, for a reproduction that needs it. */
    static SuiteRun of(io.stepcast.api.evaluation.Reproduction.Context context) {
        return context.extension(SuiteRun.class).orElseThrow(() -> new IllegalStateException(
                "this reproduction runs only inside a stepcast suite"));
    }
}
