package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import org.apache.parquet.example.data.Group;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.OptionalDouble;
import java.util.function.DoubleConsumer;

/**
 * Observation files: one row per measured configuration in the {@link Schemas#OBSERVATION} layout, kind
 * {@value Schemas#OBSERVATIONS}. Writing goes through a temporary file ({@link RowFileWriter}).
 */
public final class ObservationFiles {
    private ObservationFiles() {
    }

    /** A streaming writer onto {@code target}; call {@link RowFileWriter#commit()} when done. */
    public static RowFileWriter<Observation> writer(Path target) throws IOException {
        return new RowFileWriter<>(target, new ObservationWriteSupport(SchemaVersion.metadata(Schemas.OBSERVATIONS)));
    }

    /** Writes all observations, replacing {@code target} only on success; returns the rows written. */
    public static long write(Path target, Iterable<Observation> observations) throws IOException {
        return RowFileWriter.writeWhole(writer(target), observations);
    }

    /** A streaming reader. */
    public static RowFileReader<Observation> reader(Path file) throws IOException {
        return new RowFileReader<>(file, Schemas.OBSERVATIONS, ObservationFiles::map);
    }

    /** Every observation of a file. */
    public static List<Observation> read(Path file) throws IOException {
        return RowFileReader.readWhole(reader(file));
    }

    private static Observation map(Group g) {
        Config.Builder c = ConfigColumns.read(g, "dataset");
        Measurements.Builder m = Measurements.builder();
        set(Groups.optDouble(g, "step_time_s"), m::stepTimeS);
        set(Groups.optDouble(g, "sync_time_s"), m::syncTimeS);
        set(Groups.optDouble(g, "throughput_samples_s"), m::throughputSamplesPerS);
        set(Groups.optDouble(g, "response_time_s"), m::responseTimeS);
        set(Groups.optDouble(g, "accuracy"), m::accuracy);
        set(Groups.optDouble(g, "utilisation"), m::utilisation);
        m.runs(g.getInteger("runs", 0));
        set(Groups.optDouble(g, "sd_step_time_s"), v -> m.standardDeviation(Target.STEP_TIME, v));
        set(Groups.optDouble(g, "sd_throughput_samples_s"), v -> m.standardDeviation(Target.THROUGHPUT, v));
        set(Groups.optDouble(g, "sd_response_time_s"), v -> m.standardDeviation(Target.RESPONSE_TIME, v));
        set(Groups.optDouble(g, "sd_accuracy"), v -> m.standardDeviation(Target.ACCURACY, v));
        return new Observation(c.build(), m.build(), g.getString("source", 0), g.getInteger("replication", 0),
                Groups.stringMap(g, "tags"));
    }

    private static void set(OptionalDouble v, DoubleConsumer setter) {
        v.ifPresent(setter);
    }
}
