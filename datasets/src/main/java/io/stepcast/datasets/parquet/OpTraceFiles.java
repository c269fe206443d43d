package io.stepcast.datasets.parquet;

import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import io.stepcast.datasets.trace.ProfileAssembler;
import org.apache.parquet.example.data.Group;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Op-trace files: one row per event of a profiled step in the {@link Schemas#OP_EVENT} layout, kind
 * {@value Schemas#OP_TRACE}. The optional file metadata {@value #MODEL_KEY} and {@value #LOCAL_BATCH_KEY}
 * name the profiled model and its local batch.
 */
public final class OpTraceFiles {
    /** Metadata key of the profiled model. */
    public static final String MODEL_KEY = "stepcast.model";
    /** Metadata key of the profiled local batch. */
    public static final String LOCAL_BATCH_KEY = "stepcast.local_batch";
    /** Metadata key of the profiled rank (distributed traces). */
    public static final String RANK_KEY = "stepcast.rank";
    /** Metadata key of the profiled job's world size. */
    public static final String WORLD_SIZE_KEY = "stepcast.world_size";
    /** Metadata key of the profiled device's name. */
    public static final String DEVICE_KEY = "stepcast.device";
    /** Metadata key of the step that stands for the trace (default: the first step in the file). */
    public static final String PROFILE_STEP_KEY = "stepcast.profile_step";
    /** The op-trace version written: 1.1 added the optional {@code collective} and {@code bytes_measured}. */
    public static final String VERSION = SchemaVersion.MAJOR + ".1";

    private OpTraceFiles() {
    }

    /**
     * A streaming writer onto {@code target}; call {@link RowFileWriter#commit()} when done.
     *
     * @param extraMetadata further key-value metadata, e.g. {@link #MODEL_KEY}
     */
    public static RowFileWriter<OpEvent> writer(Path target, Map<String, String> extraMetadata) throws IOException {
        Map<String, String> meta = new HashMap<>(extraMetadata);
        meta.putAll(SchemaVersion.metadata(Schemas.OP_TRACE));
        meta.put(SchemaVersion.VERSION_KEY, VERSION);
        return new RowFileWriter<>(target, new OpEventWriteSupport(meta), Set.of("device", "name", "type",
                "category", "tensor", "producer", "requires.list.element"), Set.of("start_us"));
    }

    /** Writes all events, replacing {@code target} only on success; returns the rows written. */
    public static long write(Path target, Iterable<OpEvent> events, Map<String, String> extraMetadata)
            throws IOException {
        return RowFileWriter.writeWhole(writer(target, extraMetadata), events);
    }

    /** A streaming reader. */
    public static RowFileReader<OpEvent> reader(Path file) throws IOException {
        Map<Integer, List<String>> sets = new HashMap<>();
        return new RowFileReader<>(file, Schemas.OP_TRACE, g -> map(g, sets));
    }

    /** Every event of a file (small traces; stream with {@link #reader} otherwise). */
    public static List<OpEvent> read(Path file) throws IOException {
        return RowFileReader.readWhole(reader(file));
    }

    /**
     * The profile of the first step of worker 0 in the file (or of the step {@value #PROFILE_STEP_KEY} names) ({@link ProfileAssembler}); model and local batch
     * from the file metadata (file name and 1 when absent).
     */
    public static Profile readProfile(Path file) throws IOException {
        List<OpEvent> step = new ArrayList<>();
        Map<String, String> meta;
        try (RowFileReader<OpEvent> r = reader(file)) {
            meta = r.metadata();
            Integer first = meta.containsKey(PROFILE_STEP_KEY) ? profileStep(file, meta) : null;
            for (OpEvent e = r.next(); e != null; e = r.next()) {
                if (e.worker() != 0) {
                    continue;
                }
                if (first == null) {
                    first = e.step();
                }
                if (e.step() == first) {
                    step.add(e);
                }
            }
        }
        if (step.isEmpty()) {
            throw new DataFormatException(file.toString(), "the op trace has no event of worker 0");
        }
        String name = file.getFileName().toString().replaceFirst("\\.parquet$", "");
        String model = meta.getOrDefault(MODEL_KEY, name);
        int batch;
        try {
            batch = Integer.parseInt(meta.getOrDefault(LOCAL_BATCH_KEY, "1"));
        } catch (NumberFormatException e) {
            throw new DataFormatException(file + " field " + LOCAL_BATCH_KEY, "not a whole number");
        }
        try {
            return new ProfileAssembler().assemble(step, model, batch, file.toString(), rank(file, meta));
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(file.toString(), e.getMessage());
        }
    }

    private static int profileStep(Path file, Map<String, String> meta) throws DataFormatException {
        try {
            return Integer.parseInt(meta.get(PROFILE_STEP_KEY));
        } catch (NumberFormatException e) {
            throw new DataFormatException(file + " field " + PROFILE_STEP_KEY, "not a whole number");
        }
    }

    private static io.stepcast.api.profile.ProfiledRank rank(Path file, Map<String, String> meta)
            throws DataFormatException {
        if (!meta.containsKey(WORLD_SIZE_KEY)) {
            return io.stepcast.api.profile.ProfiledRank.single();
        }
        try {
            return new io.stepcast.api.profile.ProfiledRank(Integer.parseInt(meta.getOrDefault(RANK_KEY, "0")),
                    Integer.parseInt(meta.get(WORLD_SIZE_KEY)), meta.get(DEVICE_KEY));
        } catch (IllegalArgumentException e) {
            throw new DataFormatException(file + " field " + WORLD_SIZE_KEY, e.getMessage());
        }
    }

    private static OpEvent map(Group g, Map<Integer, List<String>> sets) {
        List<String> requires = List.of();
        if (Groups.has(g, "requires_id")) {
            int id = g.getInteger("requires_id", 0);
            if (Groups.has(g, "requires")) {
                requires = List.copyOf(Groups.stringList(g, "requires"));
                sets.put(id, requires);
            } else {
                requires = sets.get(id);
                if (requires == null) {
                    throw new IllegalArgumentException("field requires_id: set " + id
                            + " is used before the row that lists it");
                }
            }
        }
        return new OpEvent(g.getInteger("step", 0), g.getInteger("worker", 0), Groups.string(g, "device"),
                g.getInteger("lane", 0), g.getString("name", 0), g.getString("type", 0),
                OpCategory.parse(g.getString("category", 0)), g.getDouble("start_us", 0),
                g.getDouble("duration_us", 0), Groups.string(g, "tensor"),
                Groups.optLong(g, "bytes").orElse(-1), Groups.string(g, "producer"), requires,
                Groups.string(g, "collective"), Groups.has(g, "bytes_measured") && g.getBoolean("bytes_measured", 0));
    }
}
