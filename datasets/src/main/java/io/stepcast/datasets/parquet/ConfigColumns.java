package io.stepcast.datasets.parquet;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.collective.Placement;
import org.apache.parquet.example.data.Group;

import java.util.OptionalDouble;

/**
 * Reads the configuration columns that the observation and prediction layouts share, the read side of
 * {@link RowWriteSupport}'s {@code config} and {@code layout}: one place knows which column fills which field of a {@link Config}.
 */
final class ConfigColumns {
    private ConfigColumns() {
    }

    /**
     * A builder filled from the row's configuration columns, the workload's dataset from {@code datasetColumn};
     * the caller adds what its layout holds beyond them.
     */
    static Config.Builder read(Group g, String datasetColumn) {
        Config.Builder b = Config.builder()
                .model(g.getString("model", 0))
                .framework(g.getString("framework", 0))
                .dataset(g.getString(datasetColumn, 0))
                .parameterBytes(Groups.optLong(g, "parameter_bytes"))
                .architecture(Architecture.valueOf(g.getString("architecture", 0)))
                .workers(g.getInteger("workers", 0))
                .parameterServers(g.getInteger("parameter_servers", 0))
                .nodes(g.getInteger("nodes", 0))
                .devicesPerWorker(g.getInteger("devices_per_worker", 0))
                .tenants(g.getInteger("tenants", 0))
                .colocatedPs(g.getBoolean("colocated_ps", 0))
                .bandwidthGbps(Groups.optDouble(g, "bandwidth_gbps"))
                .intraNodeGbps(Groups.optDouble(g, "intra_node_gbps"))
                .hardware(g.getString("hardware", 0))
                .localBatch(g.getInteger("local_batch", 0));
        if (Groups.has(g, "tensor_parallel")) {
            b.parallel(layout(g));
        }
        if (Groups.has(g, "placement")) {
            b.placement(Placement.parse(g.getString("placement", 0)));
        }
        return b;
    }

    /**
     * The layout of a row; one of a file before 1.3 runs the plain schedule ({@link ParallelLayout}'s defaults), one
     * before 1.6 without the distributed optimizer, one before 1.7 without FSDP or FlashAttention (an absent column
     * reads as false), one before 1.8 without context parallelism (c = 1), one before 1.10 without expert parallelism,
     * one before 1.13 (or a null {@code expert_capacity_factor}) dropless, one before 1.14 with fused kernels, one
     * before 1.15 sharded as its {@code fsdp} and {@code distributed_optimizer} flags say, one before 1.17 with
     * Megatron-LM's default point-to-point overlap (on exactly under the interleaved schedule).
     */
    private static ParallelLayout layout(Group g) {
        ParallelLayout.Builder b = ParallelLayout.builder(g.getInteger("tensor_parallel", 0),
                g.getInteger("pipeline_parallel", 0), g.getInteger("data_parallel", 0), g.getInteger("micro_batch", 0),
                g.getInteger("micro_batches", 0));
        if (!Groups.has(g, "virtual_stages")) {
            return b.build();
        }
        b.virtualStages(g.getInteger("virtual_stages", 0))
                .sequenceParallel(g.getBoolean("sequence_parallel", 0))
                .recompute(Recompute.parse(g.getString("recompute", 0), "recompute"))
                .precision(Precision.parse(g.getString("precision", 0), "precision"))
                // Files before 1.15 state the sharding by its two flags only (no ZeRO stage 2 then).
                .sharding(Groups.has(g, "zero_stage") ? Sharding.ofZeroStage(g.getInteger("zero_stage", 0))
                        : flag(g, "fsdp") ? Sharding.FULL
                        : flag(g, "distributed_optimizer") ? Sharding.OPTIMIZER : Sharding.NONE)
                .flashAttention(flag(g, "flash_attention"))
                .context(Groups.has(g, "context_parallel") ? g.getInteger("context_parallel", 0) : 1)
                .expert(Groups.has(g, "expert_parallel") ? g.getInteger("expert_parallel", 0) : 1)
                .expertOverlap(flag(g, "expert_overlap"))
                .expertCapacityFactor(Groups.has(g, "expert_capacity_factor")
                        ? OptionalDouble.of(g.getDouble("expert_capacity_factor", 0)) : OptionalDouble.empty())
                // Files before 1.14 lack the column: their runs were stated as fused (the default).
                .fusedKernels(!Groups.has(g, "fused_kernels") || g.getBoolean("fused_kernels", 0));
        if (Groups.has(g, "overlap_p2p_comm")) {
            b.overlapP2pComm(g.getBoolean("overlap_p2p_comm", 0));
        }
        return b.build();
    }

    /** A boolean column that files before it existed lack: false there. */
    private static boolean flag(Group g, String column) {
        return Groups.has(g, column) && g.getBoolean(column, 0);
    }
}
