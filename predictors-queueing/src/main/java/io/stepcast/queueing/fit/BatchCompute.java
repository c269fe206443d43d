package io.stepcast.queueing.fit;

import io.stepcast.models.compute.BatchLine;
import io.stepcast.models.compute.ParameterPasses;
import io.stepcast.api.ModelNames;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * How a worker's compute grows with its local batch: affine, {@code t(b) = a + c b}, a fixed part per step (kernel
 * launches, the optimizer's pass over the parameters, framework overhead) plus a part per sample. Fitted by least
 * squares on the single-worker steps of one model on one machine at two or more batches (the bases of a
 * {@link BasisTable}); a configuration at batch {@code b} then scales its basis's compute by
 * {@code t(b) / t(b0)}. A negative fixed part or a non-positive slope (noise between close batches) falls back to
 * proportional scaling. With one measured batch the fixed part cannot be fitted: it is taken from the device
 * ({@link ParameterPasses}, at most half of the measured step), or, where the device is not catalogued, the scaling
 * is proportional; {@link #measured} says which. Immutable.
 *
 * @param fixedS      a, seconds per step
 * @param perSampleS  c, seconds per sample
 * @param batches     distinct batches the fit saw (1: proportional, nothing fitted)
 */
public record BatchCompute(double fixedS, double perSampleS, int batches) {

    /** Proportional scaling: no fixed part. */
    public static final BatchCompute PROPORTIONAL = new BatchCompute(0, 1, 1);

    /** True when the curve was fitted on at least two batches. */
    public boolean measured() {
        return batches >= 2;
    }

    /**
     * The curve through one measured step {@code stepS} at {@code batch} with a fixed part {@code fixedS} (at most
     * half the step).
     */
    public static BatchCompute throughOnePoint(int batch, double stepS, double fixedS) {
        double a = ParameterPasses.capped(fixedS, stepS);
        return new BatchCompute(a, (stepS - a) / batch, 1);
    }

    /** Compute at batch {@code to} over compute at batch {@code from}. */
    public double ratio(int from, int to) {
        return (fixedS + perSampleS * to) / (fixedS + perSampleS * from);
    }

    /**
     * The curve of the bases of {@code basis}'s model on its hardware at its precision with the same parameter-server
     * placement:
     * their step times at each batch (the mean where several bases share a batch).
     */
    public static <S> BatchCompute of(List<CalibratedBasis<S>> entries, SingleWorkerBasis basis) {
        String key = ModelNames.key(basis.model());
        Map<Integer, double[]> byBatch = new TreeMap<>();
        for (CalibratedBasis<S> e : entries) {
            SingleWorkerBasis b = e.basis();
            boolean traceOfAJob = b.profile().isPresent() && b.profile().get().rank().worldSize() > 1;
            if (traceOfAJob || !ModelNames.key(b.model()).equals(key) || !b.hardware().equals(basis.hardware())
                    || !b.precision().equals(basis.precision()) || b.remotePs() != basis.remotePs()) {
                continue;
            }
            double[] sum = byBatch.computeIfAbsent(b.localBatch(), k -> new double[2]);
            sum[0] += b.stepTimeS();
            sum[1]++;
        }
        Optional<BatchLine> line = BatchLine.fit(byBatch);
        if (line.isEmpty()) {
            return PROPORTIONAL;
        }
        double a = line.get().fixedS();
        double c = line.get().perSampleS();
        int n = byBatch.size();
        if (!(c > 0) || a < 0) {
            return new BatchCompute(0, 1, n);
        }
        return new BatchCompute(a, c, n);
    }
}
