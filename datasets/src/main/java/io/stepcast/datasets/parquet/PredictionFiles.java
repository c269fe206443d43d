package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

import static org.apache.parquet.schema.LogicalTypeAnnotation.stringType;

/**
 * {@code predictions.parquet}: every prediction of an evaluation, one {@link PredictionRow} a row, written
 * atomically (temporary file, then moved into place). Columns: {@code dataset, protocol, split, predictor,
 * target}, the configuration ({@code model, framework, workload_dataset, parameter_bytes?, architecture,
 * workers, parameter_servers, nodes, devices_per_worker, tenants, colocated_ps, bandwidth_gbps?, hardware,
 * local_batch, global_batch, intra_node_gbps?, and, as in {@link Schemas#OBSERVATION}, the parallel layout's
 * columns with its precision and the placement, version 1.5, the distributed optimizer, version 1.6, FSDP and
 * FlashAttention, version 1.7, and context parallelism, version 1.8}), {@code source, replication, measured?,
 * predicted?, ape_percent?,
 * refusal?, role?, lower?, upper?, level?, native_lower?, native_upper?, native_level?, native_predicted?,
 * peak_memory_bytes?, extrapolation?}
 * ({@code ?}: null when absent; {@code predicted} and {@code ape_percent} are null exactly when
 * {@code refusal} is set; {@code measured} is null on a {@code between} row). {@code role} is {@code test} for a
 * held-out, scored point, {@code train} for a training point the split's fit predicted for the scaling charts and
 * {@code between} for an unmeasured configuration between measured ones (charts only); files written before the
 * column existed hold test rows only, and read as such. {@code lower, upper, level}: the prediction's interval and
 * the coverage it states (null when it states none); {@code native_*}: the wrapped base predictor's own interval
 * and its own point ({@code native_predicted}); {@code peak_memory_bytes?}: the peak device memory per GPU the
 * predictor estimates (a Megatron predictor's, for an LLM layout), null where it estimates none (files written
 * before the column existed read as null); {@code extrapolation?}: why the answer is an extrapolation, when the
 * predictor flagged it so (a learned model past the range it was trained on), null otherwise (and in files written
 * before the column existed).
 * Read it with {@link #read}, {@link GenericRows#reader}, DuckDB, pandas or Spark.
 */
public final class PredictionFiles {
    /** Kind name of prediction files. */
    public static final String PREDICTIONS = "predictions";

    /** Where a prediction was made: the first columns of {@link #SCHEMA}. */
    private static final List<String> KEYS = List.of("dataset", "protocol", "split", "predictor", "target");
    /** The configuration columns, as in {@link Schemas#OBSERVATION} (its {@code dataset} renamed). */
    private static final List<String> CONFIG = List.of("model", "framework", "dataset", "parameter_bytes",
            "architecture", "workers", "parameter_servers", "nodes", "devices_per_worker", "tenants", "colocated_ps",
            "bandwidth_gbps", "hardware", "local_batch", "global_batch", "intra_node_gbps", "tensor_parallel",
            "pipeline_parallel", "data_parallel", "micro_batch", "micro_batches", "virtual_stages", "sequence_parallel",
            "recompute", "precision", "placement", "distributed_optimizer", "fsdp", "flash_attention",
            "context_parallel", "expert_parallel", "expert_overlap", "expert_capacity_factor",
            "fused_kernels", "zero_stage", "overlap_p2p_comm");

    /** The prediction schema. */
    public static final MessageType SCHEMA = schema();

    private static MessageType schema() {
        List<Type> fields = new ArrayList<>();
        KEYS.forEach(k -> fields.add(Types.required(PrimitiveTypeName.BINARY).as(stringType()).named(k)));
        for (String c : CONFIG) {
            PrimitiveType t = Schemas.OBSERVATION.getType(c).asPrimitiveType();
            fields.add(Types.primitive(t.getPrimitiveTypeName(), t.getRepetition()).as(t.getLogicalTypeAnnotation())
                    .named(c.equals("dataset") ? "workload_dataset" : c));
        }
        fields.add(Schemas.OBSERVATION.getType("source"));
        fields.add(Schemas.OBSERVATION.getType("replication"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("measured"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("predicted"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("ape_percent"));
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(stringType()).named("refusal"));
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(stringType()).named("role"));
        for (String prefix : List.of("", "native_")) {
            for (String bound : List.of("lower", "upper", "level")) {
                fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named(prefix + bound));
            }
        }
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("native_predicted"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("peak_memory_bytes"));
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(stringType()).named("extrapolation"));
        return new MessageType("prediction", fields);
    }

    private PredictionFiles() {
    }

    /**
     * Every row of a predictions file, in file order; a file without the {@code role} and interval columns (written
     * before they existed, or by another writer) reads as held-out rows without intervals.
     *
     * @throws IOException naming the file (and the row) when it is missing or not a predictions file
     */
    public static List<PredictionRow> read(Path file) throws IOException {
        // Spark's writer keeps no stepcast metadata: such a file is checked by its columns alone.
        boolean stepcast = RowFileReader.metadata(file).containsKey(SchemaVersion.KIND_KEY);
        return RowFileReader.readWhole(new RowFileReader<>(file, PREDICTIONS, PredictionFiles::map, stepcast));
    }

    private static PredictionRow map(Group g) {
        for (String column : List.of("dataset", "protocol", "split", "predictor", "target", "model", "workers")) {
            if (!g.getType().containsField(column)) {
                throw new IllegalArgumentException("no column " + column + " (not a predictions file)");
            }
        }
        Config c = ConfigColumns.read(g, "workload_dataset").build();
        return new PredictionRow(g.getString("dataset", 0), g.getString("protocol", 0), g.getString("split", 0),
                g.getString("predictor", 0), g.getString("target", 0), c, g.getString("source", 0),
                g.getInteger("replication", 0), Groups.has(g, "role") ? g.getString("role", 0) : PredictionRow.TEST,
                Groups.optDouble(g, "measured").orElse(Double.NaN), Groups.optDouble(g, "predicted"),
                Groups.has(g, "refusal") ? g.getString("refusal", 0) : null, interval(g, ""), interval(g, "native_"),
                Groups.optDouble(g, "peak_memory_bytes"),
                Groups.has(g, "extrapolation") ? Optional.of(g.getString("extrapolation", 0)) : Optional.empty());
    }

    private static Optional<PredictionRow.Interval> interval(Group g, String prefix) {
        OptionalDouble lower = Groups.optDouble(g, prefix + "lower");
        OptionalDouble upper = Groups.optDouble(g, prefix + "upper");
        return lower.isPresent() && upper.isPresent()
                ? Optional.of(new PredictionRow.Interval(lower.getAsDouble(), upper.getAsDouble(),
                        Groups.optDouble(g, prefix + "level"),
                        prefix.isEmpty() ? OptionalDouble.empty() : Groups.optDouble(g, prefix + "predicted")))
                : Optional.empty();
    }

    /** Writes every row, replacing {@code target} only on success; returns the rows written. */
    public static long write(Path target, Iterable<PredictionRow> rows) throws IOException {
        return RowFileWriter.writeWhole(new RowFileWriter<>(target, new WriteSupport(SchemaVersion.metadata(PREDICTIONS)),
                Set.of("refusal")), rows);
    }

    /** Writes {@link PredictionRow}s in the {@link #SCHEMA} layout. */
    private static final class WriteSupport extends RowWriteSupport<PredictionRow> {
        WriteSupport(Map<String, String> metadata) {
            super(SCHEMA, metadata);
        }

        @Override
        void writeFields(PredictionRow r) {
            List<String> keys = List.of(r.dataset(), r.protocol(), r.split(), r.predictor(), r.target());
            for (int i = 0; i < KEYS.size(); i++) {
                string(KEYS.get(i), keys.get(i));
            }
            config(r.config(), "workload_dataset");
            layout(r.config());
            string("source", r.source());
            int32("replication", r.replication());
            if (Double.isFinite(r.measured())) {
                float64("measured", r.measured());
            }
            float64("predicted", r.predicted());
            float64("ape_percent", r.ape());
            string("refusal", r.refusal());
            string("role", r.role());
            interval("", r.interval());
            interval("native_", r.nativeInterval());
            r.nativeInterval().ifPresent(i -> float64("native_predicted", i.point()));
            float64("peak_memory_bytes", r.peakMemoryBytes());
            string("extrapolation", r.extrapolation().orElse(null));
        }

        private void interval(String prefix, Optional<PredictionRow.Interval> interval) {
            interval.ifPresent(i -> {
                float64(prefix + "lower", i.lower());
                float64(prefix + "upper", i.upper());
                float64(prefix + "level", i.level());
            });
        }
    }
}
