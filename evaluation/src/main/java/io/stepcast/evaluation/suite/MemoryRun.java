package io.stepcast.evaluation.suite;

import io.stepcast.api.ParallelLayout;
import io.stepcast.datasets.memory.MeasuredPeakMemory;

import java.util.OptionalDouble;

/**
 * One measured run of a peak-memory table next to a predictor's estimate, as a run's results keep it.
 *
 * @param model          the model (a zoo name)
 * @param hardware       the system it ran on
 * @param tensor         tensor-parallel size
 * @param pipeline       pipeline-parallel size
 * @param data           data-parallel size
 * @param microBatch     samples per micro-batch
 * @param globalBatch    samples per iteration
 * @param precision      the training precision's label
 * @param measuredBytes  the measured peak bytes per GPU
 * @param estimatedBytes the estimated peak bytes per GPU; empty when the predictor could not say
 * @param source         where the measurement was published
 */
public record MemoryRun(String model, String hardware, int tensor, int pipeline, int data, int microBatch,
                        long globalBatch, String precision, double measuredBytes, OptionalDouble estimatedBytes,
                        String source) {
    /** The run of a measured table with its estimate. */
    static MemoryRun of(MeasuredPeakMemory run, OptionalDouble estimated) {
        ParallelLayout l = run.config().parallel().orElseThrow(() -> new IllegalArgumentException(
                "a measured peak-memory run needs its parallel layout"));
        return new MemoryRun(run.config().model(), run.config().deployment().hardware(), l.tensor(), l.pipeline(),
                l.data(), l.microBatch(), l.globalBatch(), l.precision().label(), run.peakBytes(), estimated,
                run.source());
    }

    /** Absolute percentage error of the estimate, %; NaN when there is none. */
    public double ape() {
        return estimatedBytes.isPresent()
                ? 100 * Math.abs(estimatedBytes.getAsDouble() - measuredBytes) / measuredBytes : Double.NaN;
    }
}
