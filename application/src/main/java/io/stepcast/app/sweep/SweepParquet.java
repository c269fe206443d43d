package io.stepcast.app.sweep;

import io.stepcast.api.Config;
import io.stepcast.datasets.io.AtomicFiles;
import io.stepcast.datasets.parquet.SchemaVersion;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.SimpleGroupFactory;
import org.apache.parquet.hadoop.ParquetFileWriter;
import org.apache.parquet.hadoop.ParquetWriter;
import org.apache.parquet.hadoop.example.ExampleParquetWriter;
import org.apache.parquet.hadoop.metadata.CompressionCodecName;
import org.apache.parquet.io.LocalOutputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.MessageTypeParser;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.function.Function;

/**
 * {@code sweep.parquet}: one row per point, in the sweep's order. Columns: {@code predictor, target, model,
 * mode, workers, nodes, gpus_per_node, hardware, precision?, bandwidth_gbps?, intra_node_gbps?, policy?, local_batch?,
 * global_batch?} (null only for a point whose layout makes no job: its local batch, and its global batch unless
 * asked for), the layout columns of a sweep with layout axes, null otherwise ({@code data_parallel?,
 * tensor_parallel?, pipeline_parallel?, context_parallel?, expert_parallel?, micro_batch?, virtual_stages?,
 * recompute?, sequence_length?, sequence_parallel?, distributed_optimizer?, fsdp?, flash_attention?,
 * expert_overlap?, expert_capacity_factor? (schema 1.13), zero_stage? (schema 1.15), fused_kernels? (schema 1.16),
 * overlap_p2p_comm? (schema 1.17)}, as
 * the generic CSV names them; {@code workers} is then the point's GPUs; schema 1.12),
 * {@code seeds, answered} (seeds that gave a value), {@code mean?, sd?, min?, max?} (over those seeds;
 * sample standard deviation), {@code peak_memory_gib?} (peak memory per GPU, GiB, from a predictor that
 * estimates it), {@code fits?} (whether that peak fits the memory of the point's GPU, where the hardware catalog
 * states it), {@code refusal?} (the first refusal's reason) and {@code extrapolation?} (why the first seed that
 * answered flagged the point as an extrapolation, as {@code sweep --json} says it; schema 1.11). {@code ?}: null when
 * absent. Written atomically, with the stepcast schema metadata (kind {@code sweep}). A file of an earlier version
 * lacks the newer optional columns; {@code datasets show} reads it by its own schema.
 */
public final class SweepParquet {
    /** File name in the output folder. */
    public static final String FILE = "sweep.parquet";
    /** Kind of the file in its metadata. */
    public static final String KIND = "sweep";

    /** The schema. */
    public static final MessageType SCHEMA = MessageTypeParser.parseMessageType("""
            message sweep {
              required binary predictor (STRING);
              required binary target (STRING);
              required binary model (STRING);
              required binary mode (STRING);
              required int32 workers;
              required int32 nodes;
              required int32 gpus_per_node;
              required binary hardware (STRING);
              optional binary precision (STRING);
              optional double bandwidth_gbps;
              optional double intra_node_gbps;
              optional binary policy (STRING);
              optional int32 local_batch;
              optional int64 global_batch;
              optional int32 data_parallel;
              optional int32 tensor_parallel;
              optional int32 pipeline_parallel;
              optional int32 context_parallel;
              optional int32 expert_parallel;
              optional int32 micro_batch;
              optional int32 virtual_stages;
              optional binary recompute (STRING);
              optional int32 sequence_length;
              optional boolean sequence_parallel;
              optional boolean distributed_optimizer;
              optional boolean fsdp;
              optional boolean flash_attention;
              optional boolean expert_overlap;
              optional double expert_capacity_factor;
              optional int32 zero_stage;
              optional boolean fused_kernels;
              optional boolean overlap_p2p_comm;
              required int32 seeds;
              required int32 answered;
              optional double mean;
              optional double sd;
              optional double min;
              optional double max;
              optional double peak_memory_gib;
              optional boolean fits;
              optional binary refusal (STRING);
              optional binary extrapolation (STRING);
            }
            """);

    /** The batch and layout columns, written from their {@link SweepAxis}. */
    private static final List<SweepAxis> LAYOUT = List.of(SweepAxis.LOCAL_BATCH, SweepAxis.GLOBAL_BATCH,
            SweepAxis.DATA_PARALLEL, SweepAxis.TENSOR_PARALLEL, SweepAxis.PIPELINE_PARALLEL, SweepAxis.CONTEXT_PARALLEL,
            SweepAxis.EXPERT_PARALLEL, SweepAxis.MICRO_BATCH, SweepAxis.VIRTUAL_STAGES, SweepAxis.RECOMPUTE,
            SweepAxis.SEQUENCE_LENGTH, SweepAxis.SEQUENCE_PARALLEL, SweepAxis.DISTRIBUTED_OPTIMIZER, SweepAxis.FSDP,
            SweepAxis.FLASH_ATTENTION, SweepAxis.EXPERT_OVERLAP, SweepAxis.EXPERT_CAPACITY_FACTOR, SweepAxis.ZERO_STAGE,
            SweepAxis.FUSED_KERNELS, SweepAxis.OVERLAP_P2P_COMM);

    private SweepParquet() {
    }

    /**
     * Writes the rows to {@code file} atomically.
     *
     * @param fits whether a row's peak memory fits its GPU; empty where the predictor or the catalog cannot say
     */
    public static void write(Path file, String predictor, List<SweepRow> rows,
                             Function<SweepRow, Optional<Boolean>> fits) throws IOException {
        AtomicFiles.write(file, tmp -> {
            SimpleGroupFactory groups = new SimpleGroupFactory(SCHEMA);
            try (ParquetWriter<Group> w = ExampleParquetWriter.builder(new LocalOutputFile(tmp)).withType(SCHEMA)
                    .withWriteMode(ParquetFileWriter.Mode.CREATE).withCompressionCodec(CompressionCodecName.SNAPPY)
                    .withExtraMetaData(SchemaVersion.metadata(KIND)).build()) {
                for (SweepRow r : rows) {
                    Config c = r.point().config();
                    Group g = groups.newGroup().append("predictor", predictor).append("target", r.target())
                            .append("model", c.model()).append("mode", c.deployment().architecture().name())
                            .append("workers", r.point().gpus()).append("nodes", c.deployment().nodes())
                            .append("gpus_per_node", r.point().gpusPerNode()).append("hardware", c.deployment().hardware());
                    c.statedPrecision().ifPresent(p -> g.append("precision", p.label()));
                    optional(g, "bandwidth_gbps", c.deployment().bandwidthGbps());
                    optional(g, "intra_node_gbps", c.deployment().intraNodeGbps());
                    r.point().policy().ifPresent(p -> g.append("policy", p));
                    for (SweepAxis a : LAYOUT) {
                        append(g, a.column(), a.value(r));
                    }
                    g.append("seeds", r.values().size()).append("answered", r.answered());
                    optional(g, "mean", r.mean());
                    optional(g, "sd", r.sd());
                    optional(g, "min", r.min());
                    optional(g, "max", r.max());
                    optional(g, "peak_memory_gib", r.peakMemoryGib());
                    fits.apply(r).ifPresent(f -> g.append("fits", f));
                    r.refusal().ifPresent(x -> g.append("refusal", x));
                    r.extrapolation().ifPresent(x -> g.append("extrapolation", x));
                    w.write(g);
                }
            }
        });
    }

    /** A value of {@link SweepAxis#value} in its column's type; nothing for null. */
    private static void append(Group g, String field, Object v) {
        if (v instanceof Integer i) {
            g.append(field, i);
        } else if (v instanceof Long l) {
            g.append(field, l);
        } else if (v instanceof Boolean b) {
            g.append(field, b);
        } else if (v instanceof Double d) {
            g.append(field, d);
        } else if (v instanceof String t) {
            g.append(field, t);
        } else if (v != null) {
            throw new IllegalStateException(field + ": no column type for " + v.getClass().getSimpleName());
        }
    }

    private static void optional(Group g, String field, OptionalDouble v) {
        if (v.isPresent()) {
            g.append(field, v.getAsDouble());
        }
    }
}
