package io.stepcast.app.cli;

import io.stepcast.evaluation.report.ChartFile;
import io.stepcast.evaluation.report.ReportWriter;
import io.stepcast.evaluation.report.SavedRun;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code stepcast report DIR}: draws {@code report.md}, {@code report.html} and the charts again from the
 * {@code results.json} and {@code predictions.parquet} (and, when present, {@code details.json}) that
 * {@code stepcast evaluate --out DIR} wrote, without fitting or predicting anything.
 */
@Command(name = "report", mixinStandardHelpOptions = true,
        description = "Draw report.md, report.html and the charts again from DIR/results.json and "
                + "DIR/predictions.parquet (written by evaluate --out DIR), without running anything.")
final class ReportCommand implements Callable<Integer> {
    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "DIR", description = "The folder evaluate --out wrote.")
    private Path dir;

    @Override
    public Integer call() throws IOException {
        if (!Files.isDirectory(dir)) {
            throw new IOException(dir + ": no such folder");
        }
        SavedRun run = SavedRun.read(dir);
        // The report names the command that produced the run, as the first rendering did.
        String command = run.command().isBlank() ? "stepcast report " + dir : run.command();
        List<ChartFile> charts = ReportWriter.render(run.result(), dir, command);
        PrintWriter out = spec.commandLine().getOut();
        out.println("wrote " + dir.resolve("report.md") + ", report.html and " + charts.size() + " charts");
        out.flush();
        return 0;
    }
}
