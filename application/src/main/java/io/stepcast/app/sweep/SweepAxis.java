package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.Precision;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;
import java.util.function.Function;

/**
 * The configuration columns of a sweep's points, in {@code sweep.parquet}'s order, each with its column name
 * and console header, so that the console table, {@code --json} and the Parquet file name a column alike (the
 * mode's value is spelled as on the command line, {@code sync-ps}, where the Parquet file keeps {@code SYNC_PS}).
 */
public enum SweepAxis {
    /** The model's name. */
    MODEL("model", "MODEL", c -> c.config().model()),
    /** The architecture as the command line spells it ({@code sync-ps}). */
    MODE("mode", "MODE", c -> label(c.config().deployment().architecture())),
    /**
     * The point's GPUs: its data-parallel workers, one GPU each, or with layout axes the GPUs its replicas share
     * ({@link SweepPoint#gpus()}).
     */
    WORKERS("workers", "WORKERS", SweepPoint::gpus),
    /** Nodes the workers run on. */
    NODES("nodes", "NODES", c -> c.config().deployment().nodes()),
    /** GPUs per node. */
    GPUS_PER_NODE("gpus_per_node", "GPUS/NODE", SweepPoint::gpusPerNode),
    /** Hardware label. */
    HARDWARE("hardware", "HARDWARE", c -> c.config().deployment().hardware()),
    /** Precision as the generic CSV spells it; null when unstated. */
    PRECISION("precision", "PRECISION", c -> c.config().statedPrecision().map(Precision::label).orElse(null)),
    /** Network bandwidth per node, Gbit/s; null when the predictor takes the catalog's or its default. */
    BANDWIDTH("bandwidth_gbps", "BANDWIDTH (Gb/s)", c -> orNull(c.config().deployment().bandwidthGbps())),
    /** Ring bandwidth per GPU inside a node, Gbit/s; null when unstated. */
    INTRA_NODE("intra_node_gbps", "INTRA-NODE (Gb/s)", c -> orNull(c.config().deployment().intraNodeGbps())),
    /** The predictor's policy hyper-parameter; null when the sweep does not vary it. */
    POLICY("policy", "POLICY", c -> c.policy().orElse(null)),
    /** Local batch size (a replica's with a layout); null for a point whose layout makes no job. */
    LOCAL_BATCH("local_batch", "BATCH", c -> c.refused().isPresent() ? null : c.config().localBatch()),
    /** Global batch size (local batch times workers); for a point whose layout makes no job, the one asked for. */
    GLOBAL_BATCH("global_batch", "GLOBAL BATCH", c -> c.refused().isPresent()
            ? c.layout().flatMap(SweepLayoutPoint::globalBatch).orElse(null) : c.config().globalBatch()),
    /** Data-parallel replicas of a layout point (its GPUs over tensor x context x pipeline); null without a layout. */
    DATA_PARALLEL("data_parallel", "DP", c -> c.refused().isPresent() ? null
            : c.config().parallel().map(p -> (Object) p.data()).orElse(null)),
    /** {@code --tensor-parallel}; null where not given (as all the layout axes below). */
    TENSOR_PARALLEL("tensor_parallel", "TP", c -> asked(c, SweepLayoutPoint::tensorParallel)),
    /** {@code --pipeline-parallel}. */
    PIPELINE_PARALLEL("pipeline_parallel", "PP", c -> asked(c, SweepLayoutPoint::pipelineParallel)),
    /** {@code --context-parallel}. */
    CONTEXT_PARALLEL("context_parallel", "CP", c -> asked(c, SweepLayoutPoint::contextParallel)),
    /** {@code --expert-parallel}. */
    EXPERT_PARALLEL("expert_parallel", "EP", c -> asked(c, SweepLayoutPoint::expertParallel)),
    /** {@code --micro-batch}. */
    MICRO_BATCH("micro_batch", "MICRO BATCH", c -> asked(c, SweepLayoutPoint::microBatch)),
    /** {@code --virtual-stages}. */
    VIRTUAL_STAGES("virtual_stages", "VP", c -> asked(c, SweepLayoutPoint::virtualStages)),
    /** {@code --recompute}. */
    RECOMPUTE("recompute", "RECOMPUTE", c -> asked(c, SweepLayoutPoint::recompute)),
    /** {@code --sequence-length}. */
    SEQUENCE_LENGTH("sequence_length", "SEQ", c -> asked(c, SweepLayoutPoint::sequenceLength)),
    /** {@code --sequence-parallel}; null at a point that states no layout, as the switches below. */
    SEQUENCE_PARALLEL("sequence_parallel", "SP", c -> switched(c, SweepLayoutPoint::sequenceParallel)),
    /** {@code --distributed-optimizer}. */
    DISTRIBUTED_OPTIMIZER("distributed_optimizer", "DIST OPT",
            c -> switched(c, SweepLayoutPoint::distributedOptimizer)),
    /** {@code --fsdp}. */
    FSDP("fsdp", "FSDP", c -> switched(c, SweepLayoutPoint::fsdp)),
    /** {@code --flash-attention}. */
    FLASH_ATTENTION("flash_attention", "FLASH", c -> switched(c, SweepLayoutPoint::flashAttention)),
    /** {@code --overlap-expert-comm}. */
    EXPERT_OVERLAP("expert_overlap", "EXPERT OVERLAP", c -> switched(c, SweepLayoutPoint::expertOverlap)),
    /** {@code --expert-capacity-factor}; null where not given (dropless). */
    EXPERT_CAPACITY_FACTOR("expert_capacity_factor", "CAPACITY", c -> asked(c,
            SweepLayoutPoint::expertCapacityFactor)),
    /** {@code --zero-stage}; null where not given (the switches above say the sharding). */
    ZERO_STAGE("zero_stage", "ZERO", c -> asked(c, SweepLayoutPoint::zeroStage)),
    /** {@code --eager-kernels} as the generic CSV's {@code fused_kernels}: false with it; null without a layout. */
    FUSED_KERNELS("fused_kernels", "FUSED", c -> switched(c, SweepLayoutPoint::fusedKernels)),
    /**
     * The generic CSV's {@code overlap_p2p_comm} as the point's layout has it (Megatron-LM's default, on exactly at an
     * interleaved point, unless {@code --no-overlap-p2p-comm}); at a refused point as stated; null without a layout.
     */
    OVERLAP_P2P_COMM("overlap_p2p_comm", "P2P OVERLAP", c -> c.layout().filter(SweepLayoutPoint::layoutStated)
            .map(l -> c.config().parallel().map(p -> (Object) p.overlapP2pComm())
                    .orElse(l.statedSwitches().contains("overlap_p2p_comm") || !l.overlapP2pComm()
                            ? l.overlapP2pComm() : null))
            .orElse(null));

    private final String column;
    private final String header;
    private final Function<SweepPoint, Object> value;

    SweepAxis(String column, String header, Function<SweepPoint, Object> value) {
        this.column = column;
        this.header = header;
        this.value = value;
    }

    /** The column's name in {@code sweep.parquet} and in {@code sweep --json}. */
    public String column() {
        return column;
    }

    /** The console table's header. */
    public String header() {
        return header;
    }

    /** The point's value: a String, Integer, Long, Double or Boolean, or null when the point leaves it unstated. */
    public Object value(SweepPoint point) {
        return value.apply(point);
    }

    /**
     * The axes that tell the rows apart: the workers (the sweep's scaling axis, always) and every other axis
     * that takes more than one value, except the batch that follows from the other: the global batch (workers x
     * batch), or in a sweep with {@code --global-batch} the local batch.
     */
    public static List<SweepAxis> varied(List<SweepRow> rows) {
        SweepAxis derived = derived(rows);
        List<SweepAxis> out = new ArrayList<>();
        for (SweepAxis a : values()) {
            if (a == WORKERS || a != derived && distinct(a, rows) > 1) {
                out.add(a);
            }
        }
        return out;
    }

    /** The axes with one value over all rows, the derived batch aside (what {@link #varied} leaves out). */
    public static List<SweepAxis> fixed(List<SweepRow> rows) {
        List<SweepAxis> varied = varied(rows);
        SweepAxis derived = derived(rows);
        List<SweepAxis> out = new ArrayList<>();
        for (SweepAxis a : values()) {
            if (!varied.contains(a) && a != derived) {
                out.add(a);
            }
        }
        return out;
    }

    /** The batch axis that follows from the other: the local one when the sweep states global batches. */
    private static SweepAxis derived(List<SweepRow> rows) {
        boolean global = rows.stream().anyMatch(r -> r.point().layout().flatMap(SweepLayoutPoint::globalBatch)
                .isPresent());
        return global ? LOCAL_BATCH : GLOBAL_BATCH;
    }

    /** A switch of a point that states a layout ({@link SweepLayoutPoint#layoutStated()}); null otherwise. */
    private static Object switched(SweepPoint p, Function<SweepLayoutPoint, Boolean> on) {
        return p.layout().filter(SweepLayoutPoint::layoutStated).map(on).orElse(null);
    }

    private static Object asked(SweepPoint p, Function<SweepLayoutPoint, Optional<?>> axis) {
        return p.layout().flatMap(axis).orElse(null);
    }

    private static int distinct(SweepAxis axis, List<SweepRow> rows) {
        Set<Object> seen = new HashSet<>();
        rows.forEach(r -> seen.add(Objects.requireNonNullElse(axis.value(r), "")));
        return seen.size();
    }

    private static String label(Architecture a) {
        return a.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    private static Double orNull(OptionalDouble v) {
        return v.isPresent() ? v.getAsDouble() : null;
    }

    /** The value at a row's point ({@link #value(SweepPoint)}). */
    public Object value(SweepRow row) {
        return value(row.point());
    }
}
