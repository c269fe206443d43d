package io.stepcast.evaluation.report;

/**
 * A chart written next to the reports.
 *
 * @param file    file name relative to the output folder, e.g. {@code charts/pred-vs-meas-1.png}
 * @param title   heading shown above it
 * @param caption one line saying what is drawn
 */
public record ChartFile(String file, String title, String caption) {
}
