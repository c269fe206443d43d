package io.stepcast.datasets.parquet;

import io.stepcast.datasets.io.DataFormatException;

import java.util.Map;

/**
 * The kind and version of a stepcast Parquet file, kept in the file's key-value metadata
 * ({@code stepcast.schema} = {@code observations}, {@code op-trace} or {@code iteration-trace};
 * {@code stepcast.schema.version} = {@code major.minor}). A reader accepts any minor version of its
 * major version (minor versions only add optional columns) and refuses other majors.
 */
public final class SchemaVersion {
    /** Metadata key of the file kind. */
    public static final String KIND_KEY = "stepcast.schema";
    /** Metadata key of the version. */
    public static final String VERSION_KEY = "stepcast.schema.version";
    /** The major version this code reads and writes. */
    public static final int MAJOR = 1;
    /**
     * The version this code writes (1.1 added the observations' parallel-layout columns, 1.2 the observations' and
     * predictions' {@code intra_node_gbps}, 1.3 the predictions' {@code role} and interval columns, their
     * {@code measured} made optional, and the observations' virtual stages, sequence parallelism, recomputation and
     * precision, 1.4 the observations' {@code placement} and the predictions' {@code peak_memory_bytes}, 1.5 the predictions'
     * parallel-layout, precision and placement columns, as the observations have them, 1.6 both kinds'
     * {@code distributed_optimizer}, 1.7 both kinds' {@code fsdp} and {@code flash_attention}, 1.8 both kinds'
     * {@code context_parallel}, 1.9 the predictions' {@code extrapolation}, 1.10 both kinds' {@code expert_parallel}
     * and {@code expert_overlap}, 1.11 the sweep's {@code extrapolation}, 1.12 the sweep's layout columns, its
     * {@code local_batch} and {@code global_batch} made optional, 1.13 all three kinds'
     * {@code expert_capacity_factor}, 1.14 the observations' and predictions' {@code fused_kernels}, 1.15 the
     * observations', predictions' and sweep's {@code zero_stage}, 1.16 the sweep's {@code fused_kernels}, 1.17 the observations', predictions'
     * and sweep's {@code overlap_p2p_comm}).
     */
    public static final String CURRENT = MAJOR + ".17";

    private SchemaVersion() {
    }

    /** The metadata to write for a file kind. */
    public static Map<String, String> metadata(String kind) {
        return Map.of(KIND_KEY, kind, VERSION_KEY, CURRENT);
    }

    /**
     * Checks a file's metadata.
     *
     * @param kind the expected kind, or null for any stepcast kind
     * @throws DataFormatException when the file is not of {@code kind} or of an unknown major version
     */
    public static void check(String file, Map<String, String> metadata, String kind) throws DataFormatException {
        String actual = metadata.get(KIND_KEY);
        if (actual == null) {
            throw new DataFormatException(file, "not a stepcast " + (kind == null ? "" : kind + " ") + "file (no "
                    + KIND_KEY + " metadata; Spark's writer, as evaluate --engine spark uses it, keeps none)");
        }
        if (kind != null && !actual.equals(kind)) {
            throw new DataFormatException(file, "is a stepcast " + actual + " file, not " + kind);
        }
        String version = metadata.getOrDefault(VERSION_KEY, "");
        int major;
        try {
            major = Integer.parseInt(version.split("\\.")[0]);
        } catch (NumberFormatException e) {
            throw new DataFormatException(file, "field " + VERSION_KEY + ": unreadable schema version '" + version + "'");
        }
        if (major != MAJOR) {
            throw new DataFormatException(file, "field " + VERSION_KEY + ": schema version " + version + " of " + actual
                    + " is not supported (this stepcast reads " + MAJOR + ".x); use a matching stepcast version");
        }
    }
}
