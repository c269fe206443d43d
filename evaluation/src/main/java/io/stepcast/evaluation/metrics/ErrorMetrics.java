package io.stepcast.evaluation.metrics;

import java.util.Arrays;

/**
 * Computes {@link Metrics} from paired measured and predicted values. Percentiles use linear
 * interpolation between order statistics (Hyndman and Fan type 7, the default of NumPy and R), so the
 * median of an even count is the mean of the two middle values.
 */
public final class ErrorMetrics {
    private ErrorMetrics() {
    }

    /**
     * The metrics of the pairs {@code (measured[i], predicted[i])}.
     *
     * @param notApplicable points refused by the predictor, reported apart
     * @throws IllegalArgumentException when the arrays differ in length or a measured value is zero
     *                                  (its percentage error would be undefined)
     */
    public static Metrics of(double[] measured, double[] predicted, int notApplicable) {
        if (measured.length != predicted.length) {
            throw new IllegalArgumentException("measured and predicted differ in length: " + measured.length
                    + " vs " + predicted.length);
        }
        int n = measured.length;
        if (n == 0) {
            return new Metrics(0, notApplicable, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN, Double.NaN);
        }
        double[] ape = new double[n];
        double sse = 0;
        double mean = 0;
        for (int i = 0; i < n; i++) {
            if (measured[i] == 0) {
                throw new IllegalArgumentException("measured value " + i + " is zero: percentage error undefined");
            }
            double e = predicted[i] - measured[i];
            ape[i] = 100.0 * Math.abs(e) / Math.abs(measured[i]);
            sse += e * e;
            mean += measured[i];
        }
        mean /= n;
        double sst = 0;
        for (double m : measured) {
            sst += (m - mean) * (m - mean);
        }
        double[] sorted = ape.clone();
        Arrays.sort(sorted);
        // Measured values equal but for rounding (one published time transcribed for several rows) have no variance:
        // a residue of 1e-30 would make R^2 a huge negative number instead of undefined.
        boolean noVariance = sst <= 1e-20 * n * mean * mean;
        double r2 = n < 2 || noVariance ? Double.NaN : 1 - sse / sst;
        return new Metrics(n, notApplicable, Arrays.stream(ape).average().orElseThrow(), percentile(sorted, 0.5),
                percentile(sorted, 0.9), sorted[n - 1], Math.sqrt(sse / n), r2);
    }

    /**
     * The {@code q}-quantile of ascending values, type 7: position {@code q (n - 1)}, interpolated.
     *
     * @throws IllegalArgumentException when {@code sorted} is empty or {@code q} is outside [0, 1]
     */
    public static double percentile(double[] sorted, double q) {
        if (sorted.length == 0 || q < 0 || q > 1) {
            throw new IllegalArgumentException("percentile needs values and q in [0, 1]");
        }
        double pos = q * (sorted.length - 1);
        int lo = (int) Math.floor(pos);
        int hi = Math.min(lo + 1, sorted.length - 1);
        return sorted[lo] + (pos - lo) * (sorted[hi] - sorted[lo]);
    }
}
