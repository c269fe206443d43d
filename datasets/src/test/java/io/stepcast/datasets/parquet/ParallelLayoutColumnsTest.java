package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Types;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The 1.1 parallel-layout columns, the 1.3 run options, the 1.7 sharding and attention and the 1.8 context parallelism
 * round-trip, a 1.0 observation file (without them) still reads, a layout of a 1.2 file (without the run options)
 * reads as the plain schedule, one of a 1.6 file (without {@code fsdp} and {@code flash_attention}) as neither, and
 * one of a 1.7 file (without {@code context_parallel}) with c = 1 (and, without the 1.14 {@code fused_kernels}, fused).
 */
class ParallelLayoutColumnsTest {
    @TempDir
    Path dir;

    private static Observation synthetic(ParallelLayout p) {
        Config.Builder b = Config.builder().model("gpt-l12-h1024-a16-s1024-v50304").hardware("vtrain-a100");
        Config c = p == null ? b.workers(2).localBatch(8).build() : b.parallel(p).build();
        return new Observation(c, Measurements.builder().stepTimeS(0.25).build(), "synthetic", 0, Map.of());
    }

    @Test
    void theLayoutRoundTrips() throws Exception {
        Path f = dir.resolve("o.parquet");
        List<Observation> rows = List.of(synthetic(ParallelLayout.builder(2, 2, 2, 4, 3).build()), synthetic(null),
                synthetic(ParallelLayout.builder(2, 2, 1, 1, 4).virtualStages(2).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).build()));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
    }

    @Test
    void fullShardingAndFlashAttentionRoundTripWithTheDistributedOptimizerColumnTrue() throws Exception {
        Path f = dir.resolve("fsdp.parquet");
        ParallelLayout base = ParallelLayout.builder(1, 2, 4, 2, 4).precision(Precision.BF16).build();
        List<Observation> rows = List.of(synthetic(base.toBuilder().sharding(Sharding.FULL).flashAttention(true)
                .build()),
                synthetic(base.toBuilder().sharding(Sharding.OPTIMIZER).build()), synthetic(base.toBuilder()
                .flashAttention(true).build()),
                synthetic(base));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
        List<Map<String, Object>> written = RowFileReader.readWhole(GenericRows.reader(f));
        assertThat(written).extracting(r -> r.get("distributed_optimizer")).containsExactly(true, true, false, false);
        assertThat(written).extracting(r -> r.get("fsdp")).containsExactly(true, false, false, false);
        assertThat(written).extracting(r -> r.get("flash_attention")).containsExactly(true, false, true, false);
    }

    @Test
    void everyZeroStageRoundTripsAndStageTwoKeepsTheOlderFlagsTrueAndFalse() throws Exception {
        Path f = dir.resolve("zero.parquet");
        ParallelLayout base = ParallelLayout.builder(1, 2, 4, 2, 4).precision(Precision.BF16).build();
        List<Observation> rows = List.of(synthetic(base), synthetic(base.toBuilder().sharding(Sharding.OPTIMIZER)
                .build()), synthetic(base.toBuilder().sharding(Sharding.GRADIENTS).build()),
                synthetic(base.toBuilder().sharding(Sharding.FULL).build()), synthetic(null));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
        List<Map<String, Object>> written = RowFileReader.readWhole(GenericRows.reader(f));
        assertThat(written).extracting(r -> r.get("zero_stage")).containsExactly(0, 1, 2, 3, null);
        // A reader before 1.15 sees stage 2 as the distributed optimizer, its nearest older sharding.
        assertThat(written).extracting(r -> r.get("distributed_optimizer"))
                .containsExactly(false, true, true, true, null);
        assertThat(written).extracting(r -> r.get("fsdp")).containsExactly(false, false, false, true, null);
    }

    @Test
    void aLayoutOfAVersionOneSixFileIsNeitherFullyShardedNorFlash() throws Exception {
        MessageType old = observationColumnsBefore("fsdp");
        assertThat(old.containsField("distributed_optimizer")).isTrue();
        Path f = dir.resolve("v16.parquet");
        ParallelLayout zero1 = ParallelLayout.builder(2, 2, 2, 4, 3).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).sharding(Sharding.OPTIMIZER).build();
        RowFileWriter.writeWhole(new RowFileWriter<>(f, new VersionOneSixWriteSupport(old)),
                List.of(synthetic(zero1)));
        ParallelLayout read = ObservationFiles.read(f).get(0).config().parallel().orElseThrow();
        assertThat(read).isEqualTo(zero1);
        assertThat(read.fullySharded()).isFalse();
        assertThat(read.flashAttention()).isFalse();
    }

    @Test
    void contextParallelismRoundTripsAndIsWrittenForEveryLayout() throws Exception {
        Path f = dir.resolve("cp.parquet");
        ParallelLayout flash = ParallelLayout.builder(2, 2, 2, 1, 4).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).flashAttention(true).build();
        List<Observation> rows = List.of(synthetic(flash.toBuilder().context(4).build()),
                synthetic(flash.toBuilder().context(2).sharding(Sharding.FULL)
                .build()), synthetic(flash), synthetic(null));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
        assertThat(ObservationFiles.read(f).get(0).config().deployment().devicesPerWorker()).isEqualTo(16);
        List<Map<String, Object>> written = RowFileReader.readWhole(GenericRows.reader(f));
        // 1 is written (not left null) for a layout without it; a data-parallel row has no layout at all.
        assertThat(written).extracting(r -> r.get("context_parallel")).containsExactly(4, 2, 1, null);
    }

    @Test
    void aLayoutOfAVersionOneSevenFileHasNoContextParallelism() throws Exception {
        MessageType old = observationColumnsBefore("context_parallel");
        assertThat(old.containsField("flash_attention")).isTrue();
        Path f = dir.resolve("v17.parquet");
        ParallelLayout fsdp = ParallelLayout.builder(1, 1, 8, 2, 4).precision(Precision.BF16).sharding(Sharding.FULL)
                .flashAttention(true).build();
        RowFileWriter.writeWhole(new RowFileWriter<>(f, new VersionOneSevenWriteSupport(old)),
                List.of(synthetic(fsdp)));
        ParallelLayout read = ObservationFiles.read(f).get(0).config().parallel().orElseThrow();
        assertThat(read).isEqualTo(fsdp);
        assertThat(read.context()).isEqualTo(1);
        // Nor the 1.14 fused_kernels column: its runs read as fused, the default.
        assertThat(read.fusedKernels()).isTrue();
    }

    @Test
    void eagerKernelsRoundTripAndTheColumnIsWrittenForEveryLayout() throws Exception {
        Path f = dir.resolve("eager.parquet");
        ParallelLayout base = ParallelLayout.builder(1, 1, 8, 2, 1).precision(Precision.BF16).sharding(Sharding.FULL)
                .flashAttention(true).build();
        List<Observation> rows = List.of(synthetic(base.toBuilder().fusedKernels(false).build()), synthetic(base),
                synthetic(null));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
        List<Map<String, Object>> written = RowFileReader.readWhole(GenericRows.reader(f));
        assertThat(written).extracting(r -> r.get("fused_kernels")).containsExactly(false, true, null);
    }

    @Test
    void theP2pOverlapRoundTripsAndIsWrittenForEveryLayout() throws Exception {
        Path f = dir.resolve("p2p.parquet");
        ParallelLayout interleaved = ParallelLayout.builder(1, 2, 2, 1, 4).virtualStages(2).build();
        List<Observation> rows = List.of(synthetic(interleaved),
                synthetic(interleaved.toBuilder().overlapP2pComm(false).build()),
                synthetic(interleaved.toBuilder().virtualStages(1).build()), synthetic(null));
        ObservationFiles.write(f, rows);
        assertThat(ObservationFiles.read(f)).isEqualTo(rows);
        List<Map<String, Object>> written = RowFileReader.readWhole(GenericRows.reader(f));
        assertThat(written).extracting(r -> r.get("overlap_p2p_comm")).containsExactly(true, false, false, null);
    }

    @Test
    void anInterleavedLayoutOfAFileBeforeOneSeventeenReadsWithMegatronsDefaultOverlap() throws Exception {
        MessageType old = observationColumnsBefore("fsdp");
        assertThat(old.containsField("overlap_p2p_comm")).isFalse();
        Path f = dir.resolve("v16-interleaved.parquet");
        ParallelLayout off = ParallelLayout.builder(1, 2, 2, 1, 4).virtualStages(2).overlapP2pComm(false).build();
        RowFileWriter.writeWhole(new RowFileWriter<>(f, new VersionOneSixWriteSupport(old)),
                List.of(synthetic(off)));
        ParallelLayout read = ObservationFiles.read(f).get(0).config().parallel().orElseThrow();
        assertThat(read.overlapP2pComm()).isTrue();
        assertThat(read).isEqualTo(off.toBuilder().overlapP2pComm(true).build());
    }

    @Test
    void aVersionOneZeroFileStillReads() throws Exception {
        MessageType old = observationColumnsBefore("tensor_parallel");
        assertThat(old.containsField("tensor_parallel")).isFalse();
        Path f = dir.resolve("old.parquet");
        Observation o = synthetic(null);
        RowFileWriter.writeWhole(new RowFileWriter<>(f, new ObservationWriteSupport(old,
                Map.of(SchemaVersion.KIND_KEY, Schemas.OBSERVATIONS, SchemaVersion.VERSION_KEY, "1.0"))), List.of(o));
        assertThat(ObservationFiles.read(f)).containsExactly(o);
    }

    @Test
    void aLayoutOfAVersionOneTwoFileRunsThePlainSchedule() throws Exception {
        MessageType old = observationColumnsBefore("virtual_stages");
        Path f = dir.resolve("v12.parquet");
        Observation o = synthetic(ParallelLayout.builder(2, 2, 2, 4, 3).build());
        RowFileWriter.writeWhole(new RowFileWriter<>(f, new LayoutOnlyWriteSupport(old)), List.of(o));
        ParallelLayout read = ObservationFiles.read(f).get(0).config().parallel().orElseThrow();
        assertThat(read).isEqualTo(ParallelLayout.builder(2, 2, 2, 4, 3).build());
        assertThat(read.recompute()).isEqualTo(Recompute.NONE);
        assertThat(read.precision()).isEqualTo(Precision.FP16);
    }

    /** The observation schema of a file written before {@code column} existed: the columns ahead of it. */
    private static MessageType observationColumnsBefore(String column) {
        return Types.buildMessage().addFields(Schemas.OBSERVATION.getFields()
                .subList(0, Schemas.OBSERVATION.getFieldIndex(column))
                .toArray(new org.apache.parquet.schema.Type[0]))
                .named("observation");
    }

    /** Writes what a 1.6 writer wrote: the layout with its run options and the distributed optimizer, nothing later. */
    private static class VersionOneSixWriteSupport extends RowWriteSupport<Observation> {
        VersionOneSixWriteSupport(MessageType schema) {
            this(schema, "1.6");
        }

        VersionOneSixWriteSupport(MessageType schema, String version) {
            super(schema, Map.of(SchemaVersion.KIND_KEY, Schemas.OBSERVATIONS, SchemaVersion.VERSION_KEY, version));
        }

        @Override
        void writeFields(Observation o) {
            config(o.config(), "dataset");
            float64("step_time_s", o.measurements().stepTimeS());
            int32("runs", o.measurements().runs());
            string("source", o.source());
            int32("replication", o.replication());
            ParallelLayout p = o.config().parallel().orElseThrow();
            int32("tensor_parallel", p.tensor());
            int32("pipeline_parallel", p.pipeline());
            int32("data_parallel", p.data());
            int32("micro_batch", p.microBatch());
            int32("micro_batches", p.microBatches());
            int32("virtual_stages", p.virtualStages());
            bool("sequence_parallel", p.sequenceParallel());
            string("recompute", p.recompute().label());
            string("precision", p.precision().label());
            bool("distributed_optimizer", p.distributedOptimizer());
        }
    }

    /** Writes what a 1.7 writer wrote: a 1.6 file's columns, then FSDP and FlashAttention, no context parallelism. */
    private static final class VersionOneSevenWriteSupport extends VersionOneSixWriteSupport {
        VersionOneSevenWriteSupport(MessageType schema) {
            super(schema, "1.7");
        }

        @Override
        void writeFields(Observation o) {
            super.writeFields(o);
            ParallelLayout p = o.config().parallel().orElseThrow();
            bool("fsdp", p.fullySharded());
            bool("flash_attention", p.flashAttention());
        }
    }

    /** Writes what a 1.2 writer wrote: the observation columns up to intra_node_gbps, the layout without its options. */
    private static final class LayoutOnlyWriteSupport extends RowWriteSupport<Observation> {
        LayoutOnlyWriteSupport(MessageType schema) {
            super(schema, Map.of(SchemaVersion.KIND_KEY, Schemas.OBSERVATIONS, SchemaVersion.VERSION_KEY, "1.2"));
        }

        @Override
        void writeFields(Observation o) {
            config(o.config(), "dataset");
            float64("step_time_s", o.measurements().stepTimeS());
            int32("runs", o.measurements().runs());
            string("source", o.source());
            int32("replication", o.replication());
            ParallelLayout p = o.config().parallel().orElseThrow();
            int32("tensor_parallel", p.tensor());
            int32("pipeline_parallel", p.pipeline());
            int32("data_parallel", p.data());
            int32("micro_batch", p.microBatch());
            int32("micro_batches", p.microBatches());
        }
    }
}
