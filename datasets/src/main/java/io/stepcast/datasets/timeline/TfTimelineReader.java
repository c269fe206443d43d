package io.stepcast.datasets.timeline;

import io.stepcast.api.plugin.FileHead;
import io.stepcast.api.plugin.ImportOptions;
import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.ProfileReaders;
import io.stepcast.datasets.importers.ParquetImport;
import io.stepcast.datasets.inspect.ProfileSummariser;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.parquet.OpTraceFiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The TensorFlow Chrome-trace timeline as a registered profile reader, {@code tf-timeline}: profiles with
 * {@link TimelineImporter#readProfile}, op-trace Parquet with {@link TimelineImporter#writeOpTrace}.
 *
 * <p>Detection accepts every {@code .json} or {@code .json.gz} file and every file whose content starts
 * like a Chrome trace object ({@code {"traceEvents"} or {@code {"displayTimeUnit"}), which is what stepcast
 * read as a TensorFlow timeline before readers were registered; a reader of another Chrome-trace dialect
 * (Kineto) must therefore be registered before this one. Its summary tells the two TensorFlow dialects apart:
 * a TF2 profiler trace ({@link Tf2TraceReader#detect}) or a TensorFlow 1.x timeline ({@link TimelineSummariser}),
 * and a TF2 trace's profile and op trace come from its {@code Steps} thread ({@link Tf2TraceReader}).
 */
public final class TfTimelineReader implements ProfileReader, ParquetImport, ProfileSummariser {
    /** The reader's name. */
    public static final String NAME = "tf-timeline";

    private final TimelineImporter importer = new TimelineImporter();

    @Override
    public String name() {
        return NAME;
    }

    @Override
    public String description() {
        return "TensorFlow timelines in Chrome trace JSON, plain or gzipped, into an op trace "
                + "(--model, --local-batch are stored in its metadata)";
    }

    @Override
    public boolean detect(FileHead head) {
        String text = head.text();
        return head.plainName().endsWith(".json") || text.matches("(?s)\\{\\s*\"(traceEvents|displayTimeUnit)\".*");
    }

    @Override
    public ProfileSummary summarise(Path file) throws IOException {
        return tf2(file) ? new Tf2TraceReader().summarise(file) : new TimelineSummariser().summarise(file);
    }

    /** Whether the file is a TF2 profiler trace rather than a TensorFlow 1.x timeline. */
    private static boolean tf2(Path file) throws IOException {
        FileHead head = ProfileReaders.head(file);
        return Tf2TraceReader.detect(head.fileName(), head.head());
    }

    /** A trace without a model name is named after its file. */
    private static String modelName(Path file) {
        return file.getFileName().toString().replaceFirst("(\\.trace)?\\.json(\\.gz)?$", "");
    }

    @Override
    public Profile read(Path file, ImportOptions options) throws IOException {
        if (tf2(file)) {
            return new Tf2TraceReader().readProfile(file, options.model().orElseGet(() -> modelName(file)),
                    Math.max(1, options.localBatch()));
        }
        if (options.model().isEmpty() && options.localBatch() == 0) {
            return importer.readProfile(file);
        }
        String model = options.model().orElseGet(() -> file.getFileName().toString());
        return importer.readProfile(file, model, Math.max(1, options.localBatch()));
    }

    @Override
    public List<String> importToParquet(Path input, Path out, Optional<Path> observations, ImportOptions options)
            throws IOException {
        if (tf2(input)) {
            Map<String, String> meta = new HashMap<>();
            meta.put(OpTraceFiles.MODEL_KEY, options.model().orElseGet(() -> modelName(input)));
            if (options.localBatch() > 0) {
                meta.put(OpTraceFiles.LOCAL_BATCH_KEY, Integer.toString(options.localBatch()));
            }
            long[] r = new Tf2TraceReader().writeOpTrace(input, out, meta);
            return List.of(String.format("%s: wrote %,d op-trace rows (%,d steps, TF2 profiler trace) to %s", NAME,
                    r[0], r[1], out));
        }
        TimelineImporter.Summary s = importer.writeOpTrace(input, out, options.model().orElse(null),
                options.localBatch());
        return List.of(String.format("%s: wrote %,d op-trace rows (%,d steps) to %s", NAME, s.rows(), s.steps(), out));
    }
}
