package io.stepcast.datasets.parquet;

import org.apache.hadoop.conf.Configuration;
import org.apache.parquet.conf.ParquetConfiguration;
import org.apache.parquet.hadoop.api.WriteSupport;
import org.apache.parquet.io.api.Binary;
import org.apache.parquet.io.api.RecordConsumer;
import org.apache.parquet.schema.MessageType;

import java.nio.charset.StandardCharsets;
import java.util.Collection;
import java.util.HashMap;
import java.util.Map;
import java.util.OptionalDouble;
import java.util.OptionalLong;
import java.util.TreeMap;

/**
 * Writes rows of one record type straight into Parquet's record consumer (no intermediate objects), with
 * helpers that skip absent optional values.
 */
abstract class RowWriteSupport<T> extends WriteSupport<T> {
    private final MessageType schema;
    private final Map<String, String> metadata;
    /** Values repeat (op names recur every step): encode each string once. Bounded, cleared when full. */
    private static final int CACHE_LIMIT = 1 << 16;
    private final Map<String, Binary> encoded = new HashMap<>();
    private static final int RECENT = 1 << 10;
    private final String[] recentKeys = new String[RECENT];
    private final Binary[] recentValues = new Binary[RECENT];
    private RecordConsumer rc;

    RowWriteSupport(MessageType schema, Map<String, String> metadata) {
        this.schema = schema;
        this.metadata = Map.copyOf(metadata);
    }

    @Override
    public WriteContext init(Configuration configuration) {
        return new WriteContext(schema, metadata);
    }

    @Override
    public WriteContext init(ParquetConfiguration configuration) {
        return new WriteContext(schema, metadata);
    }

    @Override
    public void prepareForWrite(RecordConsumer recordConsumer) {
        this.rc = recordConsumer;
    }

    @Override
    public void write(T row) {
        rc.startMessage();
        writeFields(row);
        rc.endMessage();
    }

    /** Writes the fields of a row in schema order. */
    abstract void writeFields(T row);

    /**
     * A top-level field of the schema with its position, resolved once. Writers of many rows hold these in
     * fields rather than name the column per value, which would cost a map look-up per value.
     */
    record Column(String name, int index) {
    }

    private final Map<String, Column> columns = new HashMap<>();

    /** The column named {@code field}, resolved once per writer. */
    final Column column(String field) {
        Column c = columns.get(field);
        if (c == null) {
            c = new Column(field, schema.getFieldIndex(field));
            columns.put(field, c);
        }
        return c;
    }

    final void string(String field, String value) {
        string(column(field), value);
    }

    final void string(Column c, String value) {
        if (value != null) {
            binary(c, binary(value));
        }
    }

    /** Writes an already encoded string value. */
    final void binary(String field, Binary value) {
        binary(column(field), value);
    }

    /** Writes an already encoded string value. */
    final void binary(Column c, Binary value) {
        rc.startField(c.name, c.index);
        rc.addBinary(value);
        rc.endField(c.name, c.index);
    }

    /** The UTF-8 encoding of a string, the same for every row of the file. */
    static Binary utf8(String value) {
        return Binary.fromConstantByteArray(value.getBytes(StandardCharsets.UTF_8));
    }

    private Binary binary(String value) {
        // Rows repeat the same few names, usually the very same String objects: a direct-mapped cache by identity
        // answers most look-ups with one comparison, before the map hashes and compares.
        int slot = value.hashCode() & (RECENT - 1);
        if (recentKeys[slot] == value) {
            return recentValues[slot];
        }
        Binary b = encoded.get(value);
        if (b == null) {
            if (encoded.size() >= CACHE_LIMIT) {
                encoded.clear();
            }
            b = utf8(value);
            encoded.put(value, b);
        }
        recentKeys[slot] = value;
        recentValues[slot] = b;
        return b;
    }

    final void int32(String field, int value) {
        int32(column(field), value);
    }

    final void int32(Column c, int value) {
        rc.startField(c.name, c.index);
        rc.addInteger(value);
        rc.endField(c.name, c.index);
    }

    final void int64(String field, long value) {
        int64(column(field), value);
    }

    final void int64(Column c, long value) {
        rc.startField(c.name, c.index);
        rc.addLong(value);
        rc.endField(c.name, c.index);
    }

    final void int64(String field, OptionalLong value) {
        if (value.isPresent()) {
            int64(field, value.getAsLong());
        }
    }

    final void float64(String field, double value) {
        float64(column(field), value);
    }

    final void float64(Column c, double value) {
        rc.startField(c.name, c.index);
        rc.addDouble(value);
        rc.endField(c.name, c.index);
    }

    final void float64(String field, OptionalDouble value) {
        if (value.isPresent()) {
            float64(field, value.getAsDouble());
        }
    }

    final void bool(String field, boolean value) {
        Column c = column(field);
        rc.startField(c.name, c.index);
        rc.addBoolean(value);
        rc.endField(c.name, c.index);
    }

    /** A Parquet LIST of strings (three-level form); nothing when empty. */
    final void stringList(String field, Collection<String> values) {
        stringList(column(field), values);
    }

    /** A Parquet LIST of strings (three-level form); nothing when empty. */
    final void stringList(Column c, Collection<String> values) {
        if (values.isEmpty()) {
            return;
        }
        rc.startField(c.name, c.index);
        rc.startGroup();
        rc.startField("list", 0);
        for (String v : values) {
            rc.startGroup();
            rc.startField("element", 0);
            rc.addBinary(binary(v));
            rc.endField("element", 0);
            rc.endGroup();
        }
        rc.endField("list", 0);
        rc.endGroup();
        rc.endField(c.name, c.index);
    }

    /** A Parquet MAP of strings; nothing when empty. */
    final void stringMap(String field, Map<String, String> values) {
        if (values.isEmpty()) {
            return;
        }
        Column c = column(field);
        rc.startField(c.name, c.index);
        rc.startGroup();
        rc.startField("key_value", 0);
        for (Map.Entry<String, String> e : new TreeMap<>(values).entrySet()) {
            rc.startGroup();
            rc.startField("key", 0);
            rc.addBinary(binary(e.getKey()));
            rc.endField("key", 0);
            rc.startField("value", 1);
            rc.addBinary(binary(e.getValue()));
            rc.endField("value", 1);
            rc.endGroup();
        }
        rc.endField("key_value", 0);
        rc.endGroup();
        rc.endField(c.name, c.index);
    }

    /**
     * The configuration columns shared by the observation and prediction layouts, the workload's dataset
     * under {@code datasetColumn}.
     */
    final void config(io.stepcast.api.Config c, String datasetColumn) {
        io.stepcast.api.Workload w = c.workload();
        io.stepcast.api.Deployment d = c.deployment();
        string("model", w.model());
        string("framework", w.framework());
        string(datasetColumn, w.dataset());
        int64("parameter_bytes", w.parameterBytes());
        string("architecture", d.architecture().name());
        int32("workers", d.workers());
        int32("parameter_servers", d.parameterServers());
        int32("nodes", d.nodes());
        int32("devices_per_worker", d.devicesPerWorker());
        int32("tenants", d.tenants());
        bool("colocated_ps", d.colocatedPs());
        float64("bandwidth_gbps", d.bandwidthGbps());
        string("hardware", d.hardware());
        int32("local_batch", c.localBatch());
        int64("global_batch", c.globalBatch());
    }

    /**
     * The columns of what a configuration states beyond data parallelism, shared by the observation and prediction
     * layouts: the parallel layout with its run options (precision among them), the stated intra-node bandwidth and
     * the placement; each absent when the configuration states none.
     */
    final void layout(io.stepcast.api.Config c) {
        c.deployment().parallel().ifPresent(p -> {
            int32("tensor_parallel", p.tensor());
            int32("pipeline_parallel", p.pipeline());
            int32("data_parallel", p.data());
            int32("micro_batch", p.microBatch());
            int32("micro_batches", p.microBatches());
            int32("virtual_stages", p.virtualStages());
            bool("sequence_parallel", p.sequenceParallel());
            string("recompute", p.recompute().label());
            string("precision", p.precision().label());
        });
        float64("intra_node_gbps", c.deployment().intraNodeGbps());
        c.deployment().placement().ifPresent(p -> string("placement", p.label()));
        c.deployment().parallel().ifPresent(p -> {
            bool("distributed_optimizer", p.distributedOptimizer());
            bool("fsdp", p.fullySharded());
            bool("flash_attention", p.flashAttention());
            int32("context_parallel", p.context());
            int32("expert_parallel", p.expert());
            bool("expert_overlap", p.expertOverlap());
            float64("expert_capacity_factor", p.expertCapacityFactor());
            bool("fused_kernels", p.fusedKernels());
            int32("zero_stage", p.sharding().zeroStage());
            bool("overlap_p2p_comm", p.overlapP2pComm());
        });
    }
}
