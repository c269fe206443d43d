package io.stepcast.datasets.cli;

import io.stepcast.datasets.importers.BigDlLogImporter;
import io.stepcast.datasets.importers.CourierImporter;
import io.stepcast.datasets.importers.GavelImporter;
import io.stepcast.datasets.importers.GenericCsvImporter;
import io.stepcast.datasets.importers.ImportResult;
import io.stepcast.datasets.importers.NcclTestsImporter;
import io.stepcast.datasets.importers.VtrainImporter;
import io.stepcast.datasets.importers.ObservationImporter;
import io.stepcast.datasets.importers.PolluxImporter;
import io.stepcast.datasets.importers.TfBenchmarksImporter;
import io.stepcast.datasets.parquet.IterationTraceFiles;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.timeline.TimelineImporter;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

/**
 * {@code stepcast datasets import SOURCE --input PATH --out FILE.parquet}: runs an importer and writes its
 * Parquet file (to a temporary file moved into place), printing the rows written.
 * <ul>
 *   <li>{@code pollux}, {@code gavel}, {@code tf-benchmarks}, {@code courier}, {@code nccl-tests}, {@code vtrain}, {@code csv}: observations
 *       (PATH a file or the source's folder);</li>
 *   <li>{@code bigdl-log}: the iteration trace; {@code --observations FILE} also writes one observation per
 *       job ({@code --model}, {@code --workers}, {@code --dataset} describe the job);</li>
 *   <li>{@code tf-timeline}: the op trace ({@code --model}, {@code --local-batch} are stored in its
 *       metadata).</li>
 * </ul>
 */
@Command(name = "import", mixinStandardHelpOptions = true, description = "Import a real format into stepcast Parquet.")
public final class ImportCommand implements Callable<Integer> {
    static final List<String> SOURCES = List.of("pollux", "gavel", "tf-benchmarks", "courier", "csv", "bigdl-log",
            "tf-timeline", "nccl-tests", "vtrain");

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SOURCE",
            description = "pollux, gavel, tf-benchmarks, courier, nccl-tests, vtrain, csv, bigdl-log or tf-timeline")
    String source;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "A file or the source's folder.")
    Path input;

    @Option(names = "--out", required = true, paramLabel = "FILE.parquet", description = "The Parquet file to write.")
    Path out;

    @Option(names = "--observations", paramLabel = "FILE.parquet",
            description = "bigdl-log: also write one observation per job here.")
    Path observations;

    @Option(names = "--model", description = "bigdl-log, tf-timeline: the model trained.")
    String model;

    @Option(names = "--workers", defaultValue = "1", description = "bigdl-log: executor cores of the job.")
    int workers;

    @Option(names = "--dataset", description = "bigdl-log: the dataset.")
    String dataset;

    @Option(names = "--local-batch", defaultValue = "0", description = "tf-timeline: the profiled local batch.")
    int localBatch;

    @Override
    public Integer call() throws IOException {
        PrintWriter pw = spec.commandLine().getOut();
        switch (source) {
            case "tf-timeline" -> {
                TimelineImporter.Summary s = new TimelineImporter().writeOpTrace(input, out, model, localBatch);
                pw.printf("tf-timeline: wrote %,d op-trace rows (%,d steps) to %s%n", s.rows(), s.steps(), out);
            }
            case "bigdl-log" -> {
                BigDlLogImporter.Result r = new BigDlLogImporter(model == null ? "bigdl-job" : model, workers, dataset)
                        .readLog(input);
                long n = IterationTraceFiles.write(out, r.iterations());
                pw.printf("bigdl-log: wrote %,d iteration-trace rows to %s%n", n, out);
                if (observations != null) {
                    long m = ObservationFiles.write(observations, r.observations().observations());
                    pw.printf("bigdl-log: wrote %,d observations to %s%n", m, observations);
                }
            }
            default -> {
                ImportResult r = importer(source).read(input);
                long n = ObservationFiles.write(out, r.observations());
                pw.printf("%s: wrote %,d observations to %s%n", source, n, out);
                for (String note : r.notes()) {
                    pw.printf("%s: %s%n", source, note);
                }
            }
        }
        pw.flush();
        return 0;
    }

    private static ObservationImporter importer(String source) {
        return switch (source) {
            case "pollux" -> new PolluxImporter();
            case "gavel" -> new GavelImporter();
            case "tf-benchmarks" -> new TfBenchmarksImporter();
            case "courier" -> new CourierImporter();
            case "csv" -> new GenericCsvImporter();
            case "nccl-tests" -> new NcclTestsImporter();
            case "vtrain" -> new VtrainImporter();
            default -> throw new IllegalArgumentException("unknown source '" + source + "' (known: "
                    + String.join(", ", SOURCES) + ")");
        };
    }
}
