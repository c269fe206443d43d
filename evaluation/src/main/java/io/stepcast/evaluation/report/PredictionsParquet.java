package io.stepcast.evaluation.report;

import io.stepcast.api.Prediction;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.suite.SuiteResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * {@code predictions.parquet}: every scored point of a run, one row per (dataset, protocol, split,
 * predictor, target, point), in the order of the run, through the datasets module's Parquet writer
 * ({@link PredictionFiles}; schema in evaluation/README.md). The report's tables are aggregates of it.
 */
public final class PredictionsParquet {
    /** The file name in the output folder. */
    public static final String FILE = "predictions.parquet";

    private PredictionsParquet() {
    }

    /** Writes the file into {@code outDir} atomically; returns the rows written. */
    public static long write(SuiteResult r, Path outDir) throws IOException {
        return PredictionFiles.write(outDir.resolve(FILE), rows(r.points()));
    }

    /** Writes the file into {@code outDir} through {@code writer} (the run's engine); returns the rows written. */
    public static long write(SuiteResult r, Path outDir, ReportWriter.PredictionsWriter writer) throws IOException {
        return writer.write(outDir.resolve(FILE), rows(r.points()));
    }

    /** The rows of the points. */
    static List<PredictionRow> rows(List<ScoredPoint> points) {
        return points.stream().map(p -> new PredictionRow(p.dataset(), p.protocol(), p.split(), p.predictor(),
                p.target().label(), p.config(), p.observation().source(), p.observation().replication(), p.measured(),
                p.predicted(), p.prediction() instanceof Prediction.NotApplicable n ? n.reason() : null)).toList();
    }
}
