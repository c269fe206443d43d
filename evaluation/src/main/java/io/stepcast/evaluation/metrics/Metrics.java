package io.stepcast.evaluation.metrics;

/**
 * Accuracy of one predictor on one set of held-out points (docs/methods.md section 5). Absolute percentage
 * errors are in percent: {@code APE = 100 |predicted - measured| / |measured|}. Points the predictor
 * refused ("not applicable") are counted in {@link #notApplicable()} and are not part of any error.
 * Values that are undefined (no point, or R^2 with fewer than two points or no variance in the
 * measurements) are {@code NaN}.
 *
 * @param n             points with a prediction
 * @param notApplicable points the predictor could not answer (including failed fits)
 * @param mape          mean absolute percentage error, %
 * @param medianApe     median APE, %
 * @param p90Ape        90th percentile of the APE, % (linear interpolation between order statistics)
 * @param maxApe        largest APE, %
 * @param rmse          root mean squared error, in the target's unit
 * @param r2            coefficient of determination {@code 1 - SS_res / SS_tot} over the predicted points
 */
public record Metrics(int n, int notApplicable, double mape, double medianApe, double p90Ape, double maxApe,
                      double rmse, double r2) {

    /** Share of the points the predictor answered, in [0, 1]; NaN when there were none. */
    public double coverage() {
        int all = n + notApplicable;
        return all == 0 ? Double.NaN : (double) n / all;
    }
}
