package io.stepcast.datasets.parquet;

import io.stepcast.datasets.trace.IterationRecord;
import org.apache.parquet.example.data.Group;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * Iteration-trace files: one row per training iteration, epoch end or validation result in the
 * {@link Schemas#ITERATION} layout, kind {@value Schemas#ITERATION_TRACE}.
 */
public final class IterationTraceFiles {
    private IterationTraceFiles() {
    }

    /** Writes all rows, replacing {@code target} only on success; returns the rows written. */
    public static long write(Path target, Iterable<IterationRecord> rows) throws IOException {
        return RowFileWriter.writeWhole(new RowFileWriter<>(target,
                new IterationWriteSupport(SchemaVersion.metadata(Schemas.ITERATION_TRACE))), rows);
    }

    /** Every row of a file. */
    public static List<IterationRecord> read(Path file) throws IOException {
        return RowFileReader.readWhole(new RowFileReader<>(file, Schemas.ITERATION_TRACE, IterationTraceFiles::map));
    }

    private static IterationRecord map(Group g) {
        return new IterationRecord(IterationRecord.Kind.parse(g.getString("kind", 0)), g.getString("job", 0),
                g.getInteger("epoch", 0), Groups.optLong(g, "iteration"), Groups.optDouble(g, "wall_clock_s"),
                Groups.optLong(g, "records"), Groups.optDouble(g, "iteration_time_s"),
                Groups.optDouble(g, "throughput_records_s"), Groups.optDouble(g, "loss"),
                Groups.optDouble(g, "accuracy"), Groups.optLong(g, "correct"), Groups.optLong(g, "count"));
    }
}
