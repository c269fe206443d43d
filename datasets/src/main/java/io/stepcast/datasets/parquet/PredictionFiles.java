package io.stepcast.datasets.parquet;

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
import java.util.Set;

import static org.apache.parquet.schema.LogicalTypeAnnotation.stringType;

/**
 * {@code predictions.parquet}: every prediction of an evaluation, one {@link PredictionRow} a row, written
 * atomically (temporary file, then moved into place). Columns: {@code dataset, protocol, split, predictor,
 * target}, the configuration ({@code model, framework, workload_dataset, parameter_bytes?, architecture,
 * workers, parameter_servers, nodes, devices_per_worker, tenants, colocated_ps, bandwidth_gbps?, hardware,
 * local_batch, global_batch, intra_node_gbps?}), {@code source, replication, measured, predicted?, ape_percent?,
 * refusal?}
 * ({@code ?}: null when absent; {@code predicted} and {@code ape_percent} are null exactly when
 * {@code refusal} is set). Read it with {@link GenericRows#reader}, DuckDB, pandas or Spark.
 */
public final class PredictionFiles {
    /** Kind name of prediction files. */
    public static final String PREDICTIONS = "predictions";

    /** Where a prediction was made: the first columns of {@link #SCHEMA}. */
    private static final List<String> KEYS = List.of("dataset", "protocol", "split", "predictor", "target");
    /** The configuration columns, as in {@link Schemas#OBSERVATION} (its {@code dataset} renamed). */
    private static final List<String> CONFIG = List.of("model", "framework", "dataset", "parameter_bytes",
            "architecture", "workers", "parameter_servers", "nodes", "devices_per_worker", "tenants", "colocated_ps",
            "bandwidth_gbps", "hardware", "local_batch", "global_batch", "intra_node_gbps");

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
        fields.add(Types.required(PrimitiveTypeName.DOUBLE).named("measured"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("predicted"));
        fields.add(Types.optional(PrimitiveTypeName.DOUBLE).named("ape_percent"));
        fields.add(Types.optional(PrimitiveTypeName.BINARY).as(stringType()).named("refusal"));
        return new MessageType("prediction", fields);
    }

    private PredictionFiles() {
    }

    /** Writes every row, replacing {@code target} only on success; returns the rows written. */
    public static long write(Path target, Iterable<PredictionRow> rows) throws IOException {
        try (RowFileWriter<PredictionRow> w = new RowFileWriter<>(target,
                new WriteSupport(SchemaVersion.metadata(PREDICTIONS)), Set.of("refusal"))) {
            for (PredictionRow r : rows) {
                w.write(r);
            }
            w.commit();
            return w.rows();
        }
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
            float64("intra_node_gbps", r.config().deployment().intraNodeGbps());
            string("source", r.source());
            int32("replication", r.replication());
            float64("measured", r.measured());
            float64("predicted", r.predicted());
            float64("ape_percent", r.ape());
            string("refusal", r.refusal());
        }
    }
}
