package io.stepcast.evaluation.metrics;

import io.stepcast.api.PeakMemory;
import io.stepcast.datasets.memory.MeasuredPeakMemory;

import java.util.ArrayList;
import java.util.List;
import java.util.OptionalDouble;

/**
 * How well a predictor's peak-memory estimate ({@link PeakMemory}) matches measured peak memory per GPU: the
 * absolute percentage error of each run it estimates and their mean (MAPE). A run it cannot estimate is not
 * applicable, never an error of 0. The estimate is a closed form of the configuration: nothing is fitted to the
 * measurements.
 *
 * @param table     the measured table's name
 * @param predictor the predictor's label
 * @param points    each run with the estimate, in the table's order
 */
public record MemoryAccuracy(String table, String predictor, List<Point> points) {
    public MemoryAccuracy {
        points = List.copyOf(points);
    }

    /**
     * One measured run and the estimate.
     *
     * @param run       the measured run
     * @param estimated the estimated peak bytes per GPU; empty when the predictor cannot say
     */
    public record Point(MeasuredPeakMemory run, OptionalDouble estimated) {
        /** Absolute percentage error, %, or NaN when not estimated. */
        public double ape() {
            return estimated.isPresent()
                    ? 100 * Math.abs(estimated.getAsDouble() - run.peakBytes()) / run.peakBytes() : Double.NaN;
        }
    }

    /** Scores {@code memory} on every run of {@code runs}; a failing estimate is not applicable. */
    public static MemoryAccuracy score(String table, String predictor, PeakMemory memory,
                                       List<MeasuredPeakMemory> runs) {
        List<Point> out = new ArrayList<>(runs.size());
        for (MeasuredPeakMemory run : runs) {
            OptionalDouble e;
            try {
                e = memory.peakMemoryBytes(run.config());
            } catch (RuntimeException ex) {
                e = OptionalDouble.empty();
            }
            out.add(new Point(run, e.isPresent() && e.getAsDouble() > 0 ? e : OptionalDouble.empty()));
        }
        return new MemoryAccuracy(table, predictor, out);
    }

    /** Runs with an estimate. */
    public int n() {
        return (int) points.stream().filter(p -> p.estimated().isPresent()).count();
    }

    /** Runs without one. */
    public int notApplicable() {
        return points.size() - n();
    }

    /** Mean absolute percentage error over the estimated runs, %; NaN when none was estimated. */
    public double mape() {
        return points.stream().mapToDouble(Point::ape).filter(Double::isFinite).average().orElse(Double.NaN);
    }
}
