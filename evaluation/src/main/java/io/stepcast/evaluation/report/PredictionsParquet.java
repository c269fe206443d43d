package io.stepcast.evaluation.report;

import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Target;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import io.stepcast.evaluation.metrics.ScalingPoint;
import io.stepcast.evaluation.metrics.ScoredPoint;
import io.stepcast.evaluation.suite.SuiteResult;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * {@code predictions.parquet}: every scored point of a run, one row per (dataset, protocol, split,
 * predictor, target, point), in the order of the run, with role {@code test}, then the points predicted for the
 * scaling charts only (roles {@code train} and {@code between}), through the datasets module's Parquet writer
 * ({@link PredictionFiles}; schema in evaluation/README.md). The report's tables are aggregates of its test rows,
 * and {@link #read} gives the points back, so that a report can be drawn again from the file.
 */
public final class PredictionsParquet {
    /** The file name in the output folder. */
    public static final String FILE = "predictions.parquet";

    private PredictionsParquet() {
    }

    /** Writes the file into {@code outDir} atomically; returns the rows written. */
    public static long write(SuiteResult r, Path outDir) throws IOException {
        return PredictionFiles.write(outDir.resolve(FILE), rows(r));
    }

    /** Writes the file into {@code outDir} through {@code writer} (the run's engine); returns the rows written. */
    public static long write(SuiteResult r, Path outDir, ReportWriter.PredictionsWriter writer) throws IOException {
        return writer.write(outDir.resolve(FILE), rows(r));
    }

    /** The rows of a result: its scored points, then its scaling points. */
    static List<PredictionRow> rows(SuiteResult r) {
        List<PredictionRow> out = new ArrayList<>(rows(r.points()));
        for (ScalingPoint p : r.scaling()) {
            out.add(new PredictionRow(p.dataset(), p.protocol(), p.split(), p.predictor(), p.target().label(),
                    p.config(), p.source(), p.replication(), p.role().label(), p.measured(), p.prediction().asDouble(),
                    refusal(p.prediction()), interval(p.prediction()), Optional.empty()));
        }
        return out;
    }

    /** The rows of the scored points. */
    static List<PredictionRow> rows(List<ScoredPoint> points) {
        return points.stream().map(p -> new PredictionRow(p.dataset(), p.protocol(), p.split(), p.predictor(),
                p.target().label(), p.config(), p.observation().source(), p.observation().replication(),
                PredictionRow.TEST, p.measured(), p.predicted(), refusal(p.prediction()), interval(p.prediction()),
                p.nativeInterval().map(v -> new PredictionRow.Interval(v.lower().getAsDouble(),
                        v.upper().getAsDouble(), v.coverage(), OptionalDouble.of(v.value()))),
                p.peakMemoryBytes(), p.extrapolation())).toList();
    }

    private static String refusal(Prediction p) {
        return p instanceof Prediction.NotApplicable n ? n.reason() : null;
    }

    private static Optional<PredictionRow.Interval> interval(Prediction p) {
        return p instanceof Prediction.Value v && v.lower().isPresent()
                ? Optional.of(new PredictionRow.Interval(v.lower().getAsDouble(), v.upper().getAsDouble(), v.coverage()))
                : Optional.empty();
    }

    /**
     * The points of a file written by {@link #write}.
     *
     * @param scored  the held-out points, in file order
     * @param scaling the points predicted for the charts only
     */
    public record Points(List<ScoredPoint> scored, List<ScalingPoint> scaling) {
        public Points {
            scored = List.copyOf(scored);
            scaling = List.copyOf(scaling);
        }
    }

    /**
     * Reads the points back: a held-out row becomes a scored point whose observation holds the configuration and the
     * measured value of its target (the other measurements of the observation are not in the file).
     *
     * @throws IOException naming the file, and the row and field when a value is not valid
     */
    public static Points read(Path file) throws IOException {
        List<ScoredPoint> scored = new ArrayList<>();
        List<ScalingPoint> scaling = new ArrayList<>();
        int row = 0;
        for (PredictionRow r : PredictionFiles.read(file)) {
            row++;
            Target target;
            try {
                target = Target.parse(r.target());
            } catch (IllegalArgumentException e) {
                throw new IOException(file + " row " + row + ", field target: " + e.getMessage(), e);
            }
            Prediction p = prediction(r.predicted(), r.refusal(), r.interval());
            if (r.role().equals(PredictionRow.TEST)) {
                Observation o = new Observation(r.config(), measurements(target, r.measured()), r.source(),
                        r.replication(), Map.of());
                // A file without native_predicted (none was written so) cannot give the native point: no native answer.
                Optional<Prediction.Value> own = r.nativeInterval().filter(i -> i.point().isPresent())
                        .map(i -> (Prediction.Value) prediction(i.point(), null, Optional.of(i)));
                scored.add(new ScoredPoint(r.dataset(), r.protocol(), r.split(), r.predictor(), target, o, r.measured(),
                        p, own, r.peakMemoryBytes(), r.extrapolation()));
            } else {
                scaling.add(new ScalingPoint(r.dataset(), r.protocol(), r.split(), r.predictor(), target, r.config(),
                        r.source(), r.replication(), r.role().equals(PredictionRow.TRAIN) ? ScalingPoint.Role.TRAIN
                        : ScalingPoint.Role.BETWEEN, r.measured(), p));
            }
        }
        return new Points(scored, scaling);
    }

    private static Measurements measurements(Target target, double measured) {
        Measurements.Builder m = Measurements.builder();
        switch (target) {
            case STEP_TIME -> m.stepTimeS(measured);
            case THROUGHPUT -> m.throughputSamplesPerS(measured);
            case RESPONSE_TIME -> m.responseTimeS(measured);
            case ACCURACY -> m.accuracy(measured);
        }
        return m.build();
    }

    private static Prediction prediction(OptionalDouble value, String refusal, Optional<PredictionRow.Interval> i) {
        if (value.isEmpty()) {
            return Prediction.notApplicable(refusal == null || refusal.isBlank() ? "(no reason given)" : refusal);
        }
        return i.isPresent()
                ? new Prediction.Value(value.getAsDouble(), OptionalDouble.of(i.get().lower()),
                        OptionalDouble.of(i.get().upper()), i.get().level())
                : Prediction.of(value.getAsDouble());
    }
}
