package io.stepcast.evaluation.engine;

import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import io.stepcast.evaluation.suite.ProgressListener;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Runs a {@link TaskSet} somewhere and returns the results in task order, whatever order the tasks finished
 * in, so that a run's results do not depend on the engine. A task that throws becomes its set's
 * {@link TaskSet#failed} result (see {@link Tasks#runSafely}); the run goes on. Engines are registered by
 * name ({@link Engines}): {@code local} is the in-process pool; a plugin adds others (the {@code runner-spark}
 * module adds {@code spark}).
 */
public interface ExecutionEngine {

    /** The name given to {@code --engine}. */
    String name();

    /**
     * Every task's result, in task order.
     *
     * @param progress told after each task, one call at a time
     */
    <R> List<R> run(TaskSet<R> tasks, EngineOptions options, ProgressListener progress);

    /**
     * Writes {@code predictions.parquet} (schema of {@link PredictionFiles}) atomically; an engine may write it
     * through its own machinery as long as the file reads back the same.
     */
    default long writePredictions(Path file, List<PredictionRow> rows, EngineOptions options) throws IOException {
        return PredictionFiles.write(file, rows);
    }
}
