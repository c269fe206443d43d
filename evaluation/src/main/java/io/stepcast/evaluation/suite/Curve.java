package io.stepcast.evaluation.suite;

import java.util.List;

/**
 * One predicted curve of a suite, drawn in the report as a series of a chart (for example simulated
 * throughput versus workers at one bandwidth).
 *
 * @param chart  the chart the curve belongs to (curves with equal {@code chart} share one chart)
 * @param series the series label, e.g. {@code 10 Gbit/s}
 * @param xLabel x-axis title
 * @param yLabel y-axis title
 * @param x      x values, ascending
 * @param y      y values, same length as {@code x}; {@code NaN} where the predictor declined
 * @param note   how the curve was produced
 */
public record Curve(String chart, String series, String xLabel, String yLabel, List<Double> x, List<Double> y,
                    String note) {
    public Curve {
        x = List.copyOf(x);
        y = List.copyOf(y);
        if (x.size() != y.size()) {
            throw new IllegalArgumentException("curve " + chart + "/" + series + ": " + x.size() + " x values but "
                    + y.size() + " y values");
        }
        note = note == null ? "" : note;
    }
}
