package io.stepcast.models.compute;

import java.util.Map;
import java.util.Optional;

/**
 * The least-squares line {@code t(b) = a + c b} through the mean step of each batch: how a worker's step grows with
 * its batch, one point per batch whatever the number of rows that measured it (so a batch measured often does not
 * outweigh the others). The callers decide which signs they accept.
 *
 * @param fixedS     a, seconds per step
 * @param perSampleS c, seconds per sample
 */
public record BatchLine(double fixedS, double perSampleS) {

    /**
     * The line through {@code sums}: per batch, the sum of its steps and their count; empty with fewer than two
     * batches.
     */
    public static Optional<BatchLine> fit(Map<Integer, double[]> sums) {
        int n = sums.size();
        if (n < 2) {
            return Optional.empty();
        }
        double mb = 0;
        double mt = 0;
        for (Map.Entry<Integer, double[]> e : sums.entrySet()) {
            mb += e.getKey();
            mt += e.getValue()[0] / e.getValue()[1];
        }
        mb /= n;
        mt /= n;
        double sbb = 0;
        double sbt = 0;
        for (Map.Entry<Integer, double[]> e : sums.entrySet()) {
            double db = e.getKey() - mb;
            sbb += db * db;
            sbt += db * (e.getValue()[0] / e.getValue()[1] - mt);
        }
        double c = sbt / sbb;
        return Optional.of(new BatchLine(mt - c * mb, c));
    }
}
