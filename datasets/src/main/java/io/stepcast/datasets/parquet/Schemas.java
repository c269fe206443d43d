package io.stepcast.datasets.parquet;

import org.apache.parquet.schema.LogicalTypeAnnotation;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.apache.parquet.schema.Types;

import static org.apache.parquet.schema.LogicalTypeAnnotation.stringType;

/**
 * The Parquet schemas of stepcast's three file kinds (version {@value SchemaVersion#CURRENT}). Units are
 * in the column names: {@code _s} seconds, {@code _us} microseconds, {@code _gbps} Gbit/s, {@code bytes}.
 *
 * <p><b>observations</b>: {@code model, framework, dataset, parameter_bytes?, architecture, workers,
 * parameter_servers, nodes, devices_per_worker, tenants, colocated_ps, bandwidth_gbps?, hardware,
 * local_batch, global_batch, step_time_s?, sync_time_s?, throughput_samples_s?, response_time_s?,
 * accuracy?, utilisation?, runs, sd_step_time_s?, sd_throughput_samples_s?, sd_response_time_s?,
 * sd_accuracy?, source, replication, tags (map), tensor_parallel?, pipeline_parallel?, data_parallel?,
 * micro_batch?, micro_batches?, intra_node_gbps?, virtual_stages?, sequence_parallel?, recompute?, precision?,
 * placement? (GPUs per node joined by {@code +}, version 1.4), distributed_optimizer? (version 1.6), fsdp?,
 * flash_attention? (version 1.7), context_parallel? (version 1.8), expert_parallel?, expert_overlap? (version 1.10),
 * expert_capacity_factor? (version 1.13), fused_kernels? (version 1.14; absent reads as true, fused), zero_stage?
 * (version 1.15: DeepSpeed's ZeRO stage 0-3 of the layout's {@link io.stepcast.api.Sharding}; absent reads from
 * {@code fsdp} and {@code distributed_optimizer}, which stay written for older readers), overlap_p2p_comm? (version 1.17;
 * absent reads as Megatron-LM's default, on exactly under the interleaved schedule)}.
 * The five parallel-layout columns (version 1.1) are present together for a model-parallel job and absent
 * otherwise; a 1.0 file has none of them and reads as data-parallel jobs. {@code intra_node_gbps} (version 1.2) is
 * a ring's stated bandwidth per GPU inside a node; files before 1.2 read without it. The layout's run options
 * (version 1.3: {@code virtual_stages}, {@code sequence_parallel}, {@code recompute} as {@code none|selective|full},
 * {@code precision} as {@code fp32|tf32|fp16|bf16|fp8}) are written with the five layout columns; a layout of an
 * earlier file reads as the plain schedule without sequence parallelism or recomputation in FP16, a layout of a
 * file before 1.6 without the distributed optimizer, one before 1.7 without FSDP or FlashAttention, and one before
 * 1.8 without context parallelism (c = 1), and one before 1.10 without expert parallelism (e = 1, not overlapped);
 * {@code expert_capacity_factor} is null for a dropless run and in files before 1.13.
 * {@code fsdp} true (weights, gradients and optimizer state sharded) is written with {@code distributed_optimizer} true, since
 * FSDP shards the optimizer state too.
 *
 * <p><b>op-trace</b>: {@code step, worker, device?, lane, name, type, category (compute | receive | send |
 * collective | other), start_us, duration_us, tensor?, bytes?, producer?, requires_id?, requires (list)?,
 * collective?, bytes_measured?}, version {@value OpTraceFiles#VERSION} (1.0 files, without the last two
 * columns, still read); file metadata may carry {@code stepcast.model} and {@code stepcast.local_batch} for
 * the profile it describes, and {@code stepcast.rank}, {@code stepcast.world_size}, {@code stepcast.device}
 * for a rank of a distributed job. The
 * parameter tensors an op requires are stored once per distinct set: {@code requires_id} numbers the set
 * (0, 1, ... in order of first use) and {@code requires} lists it on the first row that uses the id only, so
 * the file stays small and fast to write when thousands of ops share the same requirements. Read the rows
 * in order (as {@link OpTraceFiles} does) to resolve the ids.
 *
 * <p><b>iteration-trace</b>: {@code kind (iteration | epoch_end | validation), job, epoch, iteration?,
 * wall_clock_s?, records?, iteration_time_s?, throughput_records_s?, loss?, accuracy?, correct?, count?}.
 */
public final class Schemas {
    /** Kind name of observation files. */
    public static final String OBSERVATIONS = "observations";
    /** Kind name of op-trace files. */
    public static final String OP_TRACE = "op-trace";
    /** Kind name of iteration-trace files. */
    public static final String ITERATION_TRACE = "iteration-trace";

    private Schemas() {
    }

    /** The observation schema. */
    public static final MessageType OBSERVATION = Types.buildMessage()
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("model")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("framework")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("dataset")
            .optional(PrimitiveTypeName.INT64).named("parameter_bytes")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("architecture")
            .required(PrimitiveTypeName.INT32).named("workers")
            .required(PrimitiveTypeName.INT32).named("parameter_servers")
            .required(PrimitiveTypeName.INT32).named("nodes")
            .required(PrimitiveTypeName.INT32).named("devices_per_worker")
            .required(PrimitiveTypeName.INT32).named("tenants")
            .required(PrimitiveTypeName.BOOLEAN).named("colocated_ps")
            .optional(PrimitiveTypeName.DOUBLE).named("bandwidth_gbps")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("hardware")
            .required(PrimitiveTypeName.INT32).named("local_batch")
            .required(PrimitiveTypeName.INT64).named("global_batch")
            .optional(PrimitiveTypeName.DOUBLE).named("step_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("sync_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("throughput_samples_s")
            .optional(PrimitiveTypeName.DOUBLE).named("response_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("accuracy")
            .optional(PrimitiveTypeName.DOUBLE).named("utilisation")
            .required(PrimitiveTypeName.INT32).named("runs")
            .optional(PrimitiveTypeName.DOUBLE).named("sd_step_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("sd_throughput_samples_s")
            .optional(PrimitiveTypeName.DOUBLE).named("sd_response_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("sd_accuracy")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("source")
            .required(PrimitiveTypeName.INT32).named("replication")
            .optionalGroup().as(LogicalTypeAnnotation.mapType())
                .repeatedGroup()
                    .required(PrimitiveTypeName.BINARY).as(stringType()).named("key")
                    .required(PrimitiveTypeName.BINARY).as(stringType()).named("value")
                .named("key_value")
            .named("tags")
            .optional(PrimitiveTypeName.INT32).named("tensor_parallel")
            .optional(PrimitiveTypeName.INT32).named("pipeline_parallel")
            .optional(PrimitiveTypeName.INT32).named("data_parallel")
            .optional(PrimitiveTypeName.INT32).named("micro_batch")
            .optional(PrimitiveTypeName.INT32).named("micro_batches")
            .optional(PrimitiveTypeName.DOUBLE).named("intra_node_gbps")
            .optional(PrimitiveTypeName.INT32).named("virtual_stages")
            .optional(PrimitiveTypeName.BOOLEAN).named("sequence_parallel")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("recompute")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("precision")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("placement")
            .optional(PrimitiveTypeName.BOOLEAN).named("distributed_optimizer")
            .optional(PrimitiveTypeName.BOOLEAN).named("fsdp")
            .optional(PrimitiveTypeName.BOOLEAN).named("flash_attention")
            .optional(PrimitiveTypeName.INT32).named("context_parallel")
            .optional(PrimitiveTypeName.INT32).named("expert_parallel")
            .optional(PrimitiveTypeName.BOOLEAN).named("expert_overlap")
            .optional(PrimitiveTypeName.DOUBLE).named("expert_capacity_factor")
            .optional(PrimitiveTypeName.BOOLEAN).named("fused_kernels")
            .optional(PrimitiveTypeName.INT32).named("zero_stage")
            .optional(PrimitiveTypeName.BOOLEAN).named("overlap_p2p_comm")
            .named("observation");

    /** The op-trace schema. */
    public static final MessageType OP_EVENT = Types.buildMessage()
            .required(PrimitiveTypeName.INT32).named("step")
            .required(PrimitiveTypeName.INT32).named("worker")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("device")
            .required(PrimitiveTypeName.INT32).named("lane")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("name")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("type")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("category")
            .required(PrimitiveTypeName.DOUBLE).named("start_us")
            .required(PrimitiveTypeName.DOUBLE).named("duration_us")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("tensor")
            .optional(PrimitiveTypeName.INT64).named("bytes")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("producer")
            .optional(PrimitiveTypeName.INT32).named("requires_id")
            .optionalGroup().as(LogicalTypeAnnotation.listType())
                .repeatedGroup()
                    .required(PrimitiveTypeName.BINARY).as(stringType()).named("element")
                .named("list")
            .named("requires")
            .optional(PrimitiveTypeName.BINARY).as(stringType()).named("collective")
            .optional(PrimitiveTypeName.BOOLEAN).named("bytes_measured")
            .named("op_event");

    /** The iteration-trace schema. */
    public static final MessageType ITERATION = Types.buildMessage()
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("kind")
            .required(PrimitiveTypeName.BINARY).as(stringType()).named("job")
            .required(PrimitiveTypeName.INT32).named("epoch")
            .optional(PrimitiveTypeName.INT64).named("iteration")
            .optional(PrimitiveTypeName.DOUBLE).named("wall_clock_s")
            .optional(PrimitiveTypeName.INT64).named("records")
            .optional(PrimitiveTypeName.DOUBLE).named("iteration_time_s")
            .optional(PrimitiveTypeName.DOUBLE).named("throughput_records_s")
            .optional(PrimitiveTypeName.DOUBLE).named("loss")
            .optional(PrimitiveTypeName.DOUBLE).named("accuracy")
            .optional(PrimitiveTypeName.INT64).named("correct")
            .optional(PrimitiveTypeName.INT64).named("count")
            .named("iteration");
}
