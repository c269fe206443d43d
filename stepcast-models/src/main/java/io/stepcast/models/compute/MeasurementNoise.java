package io.stepcast.models.compute;

/**
 * How far apart two published measurements of one configuration are: the relative differences between the rows
 * NVIDIA's BERT tables of a DGX-1 list twice (the embedded {@code foreign-multinode} source gives one node of 8 GPUs
 * in two tables: 1.2%, 0.4% and 2.5% apart for the three configurations both list), 1.6% in root mean square. A fit
 * that compares rows with other measurements (multi-GPU steps with the single-GPU step their compute comes from)
 * cannot tell apart explanations whose sums of squared errors differ by less than that noise allows, so the
 * predictors that fit a link's achieved bandwidth keep the share closest to the datasheet's figure within the 95%
 * confidence interval of the least-squares fit: a sum of squares at most {@code chi2(1, 0.95) sigma^2} above the
 * least (the profile-likelihood interval of one parameter when each row's error has spread {@code sigma}). Without
 * it a 1% difference between the per-sample times of one and eight GPUs, on a step made long by gradient
 * accumulation, reads as an all-reduce a hundred times slower than the link; with many rows that agree, the fit
 * still follows them.
 */
public final class MeasurementNoise {
    /** The root mean square relative difference between two measurements of one configuration. */
    public static final double RELATIVE = 0.016;
    /** The 0.95 quantile of the chi-squared distribution with one degree of freedom. */
    private static final double CHI2_1_95 = 3.841;

    private MeasurementNoise() {
    }

    /** How far above the least a sum of squared relative errors may lie and stay within the interval. */
    public static double relativeTolerance() {
        return CHI2_1_95 * RELATIVE * RELATIVE;
    }

    /** How far above the least a sum of squared errors of log step times may lie and stay within the interval. */
    public static double logTolerance() {
        double log = Math.log1p(RELATIVE);
        return CHI2_1_95 * log * log;
    }
}
