package io.stepcast.models.compute;

/**
 * How far apart two published measurements of one configuration are: the relative differences between the rows
 * NVIDIA's BERT tables of a DGX-1 list twice (the embedded {@code foreign-multinode} source gives one node of 8 GPUs
 * in two tables: 1.2%, 0.4% and 2.5% apart for the three configurations both list), 1.6% in root mean square. A fit
 * that compares a row with another measurement (a multi-GPU step with the single-GPU step its compute comes from)
 * cannot tell apart explanations whose errors differ by less than this, so the predictors that fit a link's
 * achieved bandwidth keep the datasheet's figure unless the rows contradict it by more: otherwise a 1% difference
 * between the per-sample times of one and eight GPUs, on a step made long by gradient accumulation, reads as an
 * all-reduce a hundred times slower than the link.
 */
public final class MeasurementNoise {
    /** The root mean square relative difference between two measurements of one configuration. */
    public static final double RELATIVE = 0.016;

    private MeasurementNoise() {
    }

    /** The sum of squared relative errors over {@code rows} rows that lies within the noise. */
    public static double relativeTolerance(int rows) {
        return rows * RELATIVE * RELATIVE;
    }

    /** The sum of squared errors of log step times over {@code rows} rows that lies within the noise. */
    public static double logTolerance(int rows) {
        double log = Math.log1p(RELATIVE);
        return rows * log * log;
    }
}
