package io.stepcast.evaluation.report;

/**
 * A chart written next to the reports.
 *
 * @param file    file name relative to the output folder, e.g. {@code charts/pred-vs-meas-1.png}
 * @param title   heading shown above it, unique in a report
 * @param caption one line saying what is drawn
 * @param leading true for the charts the report opens with (one scaling chart per dataset, target and model)
 */
public record ChartFile(String file, String title, String caption, boolean leading) {
    /** A chart of the report's details. */
    public ChartFile(String file, String title, String caption) {
        this(file, title, caption, false);
    }
}
