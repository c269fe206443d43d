package io.stepcast.datasets.cli;

import io.stepcast.api.Recompute;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ImportedObservations;
import io.stepcast.api.plugin.ObservationImporter;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.plugin.WritesTo;
import io.stepcast.datasets.catalog.ProfileReaders;
import io.stepcast.datasets.catalog.UnknownNameException;
import io.stepcast.datasets.importers.ParquetImport;
import io.stepcast.datasets.parquet.ObservationFiles;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * {@code stepcast datasets import [SOURCE] --input PATH --out FILE.parquet}: runs a registered importer or
 * profile reader and writes its Parquet file (to a temporary file moved into place), printing the rows
 * written. SOURCE is an importer's name (observations, or the importer's own table such as
 * {@code bigdl-log}'s iteration trace) or a profile reader's name (an op trace). Without SOURCE the input
 * is a profile: read by the reader named with {@code --format}, else by the first registered reader that
 * detects the file. {@code stepcast datasets list} names them all.
 */
@Command(name = "import", mixinStandardHelpOptions = true, description = "Import a real format into stepcast Parquet.")
public final class ImportCommand extends DatasetsSubcommand {
    @Parameters(index = "0", arity = "0..1", paramLabel = "SOURCE",
            description = "An importer or profile reader of `stepcast datasets list` (e.g. pollux, csv, bigdl-log, "
                    + "tf-timeline); without it, the input is a profile of --format or of the detected format.")
    String source;

    @Option(names = "--input", required = true, paramLabel = "PATH", description = "A file or the source's folder.")
    Path input;

    @WritesTo(WritesTo.Kind.FILE)
    @Option(names = "--out", required = true, paramLabel = "FILE.parquet", description = "The Parquet file to write.")
    Path out;

    @Option(names = "--format", paramLabel = "NAME",
            description = "Without SOURCE: the profile reader to use (default: detected from the file).")
    String format;

    @Option(names = "--observations", paramLabel = "FILE.parquet",
            description = "bigdl-log: also write one observation per job here.")
    Path observations;

    @Option(names = "--model", paramLabel = "NAME", description = "bigdl-log, tf-timeline: the model trained; "
            + "nccl-tests-log: the collective, when the log does not name its test.")
    String model;

    @Option(names = "--workers", paramLabel = "N", description = "bigdl-log: executor cores of the job (default: 1); "
            + "nccl-tests-log: the ranks, when the log lists none; mlperf-log: the run's GPUs when the log's "
            + "platform counts no nodes (refused when it contradicts a platform or system file that does).")
    Integer workers;

    @Option(names = "--dataset", paramLabel = "NAME", description = "bigdl-log: the dataset.")
    String dataset;

    @Option(names = "--local-batch", paramLabel = "N", defaultValue = "0", description = "tf-timeline: the profiled local batch.")
    int localBatch;

    @Option(names = "--hardware", paramLabel = "LABEL", description = "vtrain: the system the runs were measured on, "
            + "a system of the hardware catalog (default: vtrain-a100); its GPUs per node set each run's nodes. "
            + "nccl-tests-log: the system (default: the ranks' device), catalogued or composed of parts. "
            + "mlperf-log: the system (default: the logs' submission_platform), e.g. dgx-a100-80gb, a catalogued "
            + "system for every log; refused over a folder whose logs name different systems.")
    String hardware;

    @Option(names = "--recompute", paramLabel = "none|selective|full",
            description = "vtrain: the activation recomputation of the measured runs (default: none).")
    String recompute;

    @Override
    public Integer call() throws IOException {
        Registered registered = registered();
        Optional<Recompute> rc;
        try {
            rc = recompute == null ? Optional.empty() : Optional.of(Recompute.parse(recompute, "--recompute"));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (workers != null && workers < 1) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--workers must be at least 1, was "
                    + workers);
        }
        ImportOptions options = new ImportOptions(Optional.ofNullable(model),
                workers == null ? OptionalInt.empty() : OptionalInt.of(workers), Optional.ofNullable(dataset),
                localBatch, Optional.ofNullable(hardware), rc);
        Object handler = handler(registered);
        PrintWriter pw = spec.commandLine().getOut();
        if (handler instanceof ParquetImport p) {
            p.importToParquet(input, out, Optional.ofNullable(observations), options).forEach(pw::println);
        } else if (handler instanceof ObservationImporter importer) {
            ImportedObservations r = importer.importFile(input, options);
            long n = ObservationFiles.write(out, r.observations());
            pw.printf("%s: wrote %,d observations to %s%n", importer.name(), n, out);
            // The importer's notes are about the user's file, on stderr as fit and predict print them, so stdout stays
            // the import's result: what to check (unknown columns or labels, skipped entries, suspect values) as
            // warnings, how the file was read as notes.
            PrintWriter err = spec.commandLine().getErr();
            r.information().forEach(note -> err.printf("note: %s%n", located(note)));
            r.notes().forEach(note -> err.printf("warning: %s%n", located(note)));
            err.flush();
        } else {
            ProfileReader reader = (ProfileReader) handler;
            throw new IOException(reader.name() + " reads profiles but cannot write an op trace; "
                    + "give the file to the command that needs the profile instead");
        }
        pw.flush();
        return 0;
    }

    /** A note prefixed with the input, unless it names its file itself (an importer of folders names each file). */
    private String located(String note) {
        return note.startsWith(input.toString()) ? note : input + ": " + note;
    }

    /** The importer or reader SOURCE (or --format) names, else the reader that detects the input. */
    private Object handler(Registered registered) throws IOException {
        CommandLine cli = spec.commandLine();
        if (source != null && format != null) {
            throw new CommandLine.ParameterException(cli, "give SOURCE or --format, not both");
        }
        ProfileReaders readers = new ProfileReaders(registered.readers());
        try {
            if (source == null) {
                return readers.choose(input, Optional.ofNullable(format));
            }
            ObservationImporter importer = registered.importers().get(source);
            if (importer != null) {
                return importer;
            }
            ProfileReader reader = registered.readers().get(source);
            if (reader != null) {
                return reader;
            }
            List<String> known = new ArrayList<>(registered.importers().keySet());
            known.addAll(registered.readers().keySet());
            throw new UnknownNameException("source", source, known);
        } catch (UnknownNameException e) {
            throw new CommandLine.ParameterException(cli, e.getMessage());
        }
    }
}
