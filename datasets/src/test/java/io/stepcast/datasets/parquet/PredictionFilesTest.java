package io.stepcast.datasets.parquet;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.collective.Placement;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.schema.Types;
import org.apache.parquet.schema.PrimitiveType.PrimitiveTypeName;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * predictions.parquet reads back as written, roles, intervals, precision, layout (its sharding and attention too) and
 * placement included, a file of the layout before the role and interval columns (schema 1.2) reads as held-out rows,
 * a layout of a 1.6 file (before {@code fsdp} and {@code flash_attention}) as neither, and one of a 1.7 file (before
 * {@code context_parallel}) with c = 1 (synthetic rows).
 */
class PredictionFilesTest {
    @TempDir
    Path dir;

    private static final Config SYNTHETIC = Config.builder().model("resnet50").framework("tensorflow")
            .dataset("imagenet").workers(4).hardware("synthetic-gpu").localBatch(32).bandwidthGbps(10).build();

    @Test
    void rowsReadBackWithTheirRoleAndIntervals() throws IOException {
        PredictionRow test = new PredictionRow("d", "kfold:3", "fold-1", "ernest", "throughput", SYNTHETIC, "synthetic",
                0, PredictionRow.TEST, 120.5, OptionalDouble.of(118.25), null,
                Optional.of(new PredictionRow.Interval(100, 130, OptionalDouble.of(0.9))),
                Optional.of(new PredictionRow.Interval(110, 125, OptionalDouble.empty(), OptionalDouble.of(117))));
        PredictionRow train = new PredictionRow("d", "kfold:3", "fold-1", "ernest", "throughput",
                SYNTHETIC.withWorkers(1), "synthetic", 0, PredictionRow.TRAIN, 31.0, OptionalDouble.of(30.5), null,
                Optional.empty(), Optional.empty());
        PredictionRow between = new PredictionRow("d", "kfold:3", "fold-1", "mva", "throughput",
                SYNTHETIC.withWorkers(2), "synthetic", 0, PredictionRow.BETWEEN, Double.NaN, OptionalDouble.empty(),
                "outside the fitted domain", Optional.empty(), Optional.empty());
        Path f = dir.resolve("predictions.parquet");
        PredictionFiles.write(f, List.of(test, train, between));

        List<PredictionRow> back = PredictionFiles.read(f);
        assertThat(back).hasSize(3);
        assertThat(back.get(0)).isEqualTo(test);
        assertThat(back.get(1)).isEqualTo(train);
        assertThat(back.get(2).role()).isEqualTo(PredictionRow.BETWEEN);
        assertThat(back.get(2).measured()).isNaN();
        assertThat(back.get(2).refusal()).isEqualTo("outside the fitted domain");
        assertThat(back.get(2).ape()).isEmpty();
        assertThat(back).allMatch(r -> r.peakMemoryBytes().isEmpty());
    }

    @Test
    void aPeakMemoryEstimateReadsBackAndItsAbsenceStaysAbsent() throws IOException {
        PredictionRow withMemory = new PredictionRow("d", "train-test", "test", "megatron-analytic", "step-time",
                SYNTHETIC, "synthetic", 0, PredictionRow.TEST, 1.5, OptionalDouble.of(1.4), null, Optional.empty(),
                Optional.empty(), OptionalDouble.of(3.2e10));
        PredictionRow without = new PredictionRow("d", "train-test", "test", "ernest", "step-time", SYNTHETIC,
                "synthetic", 0, 1.5, OptionalDouble.of(1.6), null);
        Path f = dir.resolve("memory.parquet");
        PredictionFiles.write(f, List.of(withMemory, without));
        List<PredictionRow> back = PredictionFiles.read(f);
        assertThat(back.get(0).peakMemoryBytes()).hasValue(3.2e10);
        assertThat(back.get(1).peakMemoryBytes()).isEmpty();
    }

    @Test
    void aRowsPrecisionLayoutAndPlacementReadBack() throws IOException {
        Config bf16 = SYNTHETIC.toBuilder().workers(8).nodes(2)
                .parallel(ParallelLayout.builderForGlobalBatch(2, 2, 2, 1, 64).virtualStages(2).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).build())
                .placement(Placement.parse("6+2")).build();
        PredictionRow row = new PredictionRow("d", "train-test", "test", "megatron-analytic", "step-time", bf16,
                "synthetic", 0, 1.5, OptionalDouble.of(1.4), null);
        Path f = dir.resolve("layout.parquet");
        PredictionFiles.write(f, List.of(row, new PredictionRow("d", "train-test", "test", "ernest", "step-time",
                SYNTHETIC, "synthetic", 0, 1.5, OptionalDouble.of(1.6), null)));

        List<PredictionRow> back = PredictionFiles.read(f);
        assertThat(back.get(0).config()).isEqualTo(bf16);
        assertThat(back.get(0).config().statedPrecision()).hasValue(Precision.BF16);
        assertThat(back.get(1).config().deployment().parallel()).isEmpty();
        assertThat(back.get(1).config().deployment().placement()).isEmpty();
    }

    @Test
    void aFullyShardedFlashLayoutReadsBackAndA16FileReadsWithoutEither() throws IOException {
        ParallelLayout fsdp = ParallelLayout.builderForGlobalBatch(1, 1, 8, 2, 64).sharding(Sharding.FULL)
                .flashAttention(true).build();
        Config c = SYNTHETIC.toBuilder().workers(8).parallel(fsdp).build();
        Path f = dir.resolve("fsdp.parquet");
        PredictionFiles.write(f, List.of(new PredictionRow("d", "train-test", "test", "megatron-analytic",
                "step-time", c, "synthetic", 0, 1.5, OptionalDouble.of(1.4), null)));
        assertThat(PredictionFiles.read(f).get(0).config()).isEqualTo(c);

        MessageType v16 = new MessageType("prediction", PredictionFiles.SCHEMA.getFields().stream()
                .filter(t -> !t.getName().equals("fsdp") && !t.getName().equals("flash_attention")).toList());
        Path old = dir.resolve("v16.parquet");
        Map<String, Object> row = new LinkedHashMap<>();
        row.putAll(Map.of("dataset", "d", "protocol", "train-test", "split", "test", "predictor", "megatron-analytic",
                "target", "step-time", "model", "resnet50", "framework", "tensorflow", "workload_dataset", "imagenet",
                "architecture", "ALLREDUCE", "workers", 8));
        row.putAll(Map.of("parameter_servers", 0, "nodes", 1, "devices_per_worker", 1, "tenants", 1,
                "colocated_ps", false, "hardware", "synthetic-gpu", "local_batch", 8, "global_batch", 64L,
                "source", "synthetic", "replication", 0));
        row.putAll(Map.of("tensor_parallel", 1, "pipeline_parallel", 1, "data_parallel", 8, "micro_batch", 2,
                "micro_batches", 4, "virtual_stages", 1, "sequence_parallel", false, "recompute", "none",
                "precision", "bf16", "distributed_optimizer", true));
        row.put("measured", 1.5);
        try (RowFileWriter<Map<String, Object>> w = new RowFileWriter<>(old,
                new FieldMapWriteSupport(v16, PredictionFiles.PREDICTIONS, "1.6"))) {
            w.write(row);
            w.commit();
        }
        ParallelLayout read = PredictionFiles.read(old).get(0).config().parallel().orElseThrow();
        assertThat(read.sharding()).isEqualTo(Sharding.OPTIMIZER);
        assertThat(read.flashAttention()).isFalse();
    }

    @Test
    void aContextParallelLayoutReadsBackAndA17FileReadsWithoutIt() throws IOException {
        ParallelLayout cp = ParallelLayout.builderForGlobalBatch(2, 1, 4, 1, 16).flashAttention(true).context(2)
                .build();
        Config c = SYNTHETIC.toBuilder().workers(4).parallel(cp).build();
        Path f = dir.resolve("cp.parquet");
        PredictionFiles.write(f, List.of(new PredictionRow("d", "train-test", "test", "megatron-analytic",
                "step-time", c, "synthetic", 0, 1.5, OptionalDouble.of(1.4), null)));
        assertThat(PredictionFiles.read(f).get(0).config()).isEqualTo(c);
        assertThat(PredictionFiles.read(f).get(0).config().deployment().devicesPerWorker()).isEqualTo(4);

        MessageType v17 = new MessageType("prediction", PredictionFiles.SCHEMA.getFields().stream()
                .filter(t -> !t.getName().equals("context_parallel")).toList());
        Path old = dir.resolve("v17.parquet");
        Map<String, Object> row = new LinkedHashMap<>();
        row.putAll(Map.of("dataset", "d", "protocol", "train-test", "split", "test", "predictor", "megatron-analytic",
                "target", "step-time", "model", "resnet50", "framework", "tensorflow", "workload_dataset", "imagenet",
                "architecture", "ALLREDUCE", "workers", 8));
        row.putAll(Map.of("parameter_servers", 0, "nodes", 1, "devices_per_worker", 1, "tenants", 1,
                "colocated_ps", false, "hardware", "synthetic-gpu", "local_batch", 8, "global_batch", 64L,
                "source", "synthetic", "replication", 0));
        row.putAll(Map.of("tensor_parallel", 1, "pipeline_parallel", 1, "data_parallel", 8, "micro_batch", 2,
                "micro_batches", 4, "virtual_stages", 1, "sequence_parallel", false, "recompute", "none",
                "precision", "bf16", "distributed_optimizer", true));
        row.putAll(Map.of("fsdp", true, "flash_attention", true));
        row.put("measured", 1.5);
        try (RowFileWriter<Map<String, Object>> w = new RowFileWriter<>(old,
                new FieldMapWriteSupport(v17, PredictionFiles.PREDICTIONS, "1.7"))) {
            w.write(row);
            w.commit();
        }
        ParallelLayout read = PredictionFiles.read(old).get(0).config().parallel().orElseThrow();
        assertThat(read.context()).isEqualTo(1);
        assertThat(read.fullySharded()).isTrue();
        assertThat(read.flashAttention()).isTrue();
    }

    /** The 1.2 layout: no role nor interval columns, {@code measured} required. */
    private static final MessageType V1_2 = new MessageType("prediction", layout12());

    private static List<Type> layout12() {
        List<Type> out = new ArrayList<>();
        for (Type t : PredictionFiles.SCHEMA.getFields()) {
            String n = t.getName();
            if (n.equals("measured")) {
                out.add(Types.required(PrimitiveTypeName.DOUBLE).named("measured"));
            } else if (!n.equals("role") && !n.equals("native_predicted") && !n.equals("peak_memory_bytes") && !n.endsWith("lower") && !n.endsWith("upper") && !n.endsWith("level")) {
                out.add(t);
            }
        }
        return out;
    }

    @Test
    void aFileWrittenBeforeTheRoleColumnReadsAsHeldOutRows() throws IOException {
        Path f = dir.resolve("old.parquet");
        Map<String, Object> row = new LinkedHashMap<>();
        row.putAll(Map.of("dataset", "d", "protocol", "kfold:3", "split", "fold-2", "predictor", "mva",
                "target", "throughput", "model", "resnet50", "framework", "tensorflow", "workload_dataset", "imagenet",
                "architecture", "ALLREDUCE", "workers", 8));
        row.putAll(Map.of("parameter_servers", 0, "nodes", 1, "devices_per_worker", 1, "tenants", 1,
                "colocated_ps", false, "hardware", "synthetic-gpu", "local_batch", 32, "global_batch", 256L,
                "source", "synthetic", "replication", 0));
        row.putAll(Map.of("measured", 99.0, "predicted", 90.0, "ape_percent", 100 * 9 / 99.0));
        try (RowFileWriter<Map<String, Object>> w = new RowFileWriter<>(f,
                new FieldMapWriteSupport(V1_2, PredictionFiles.PREDICTIONS, "1.2"))) {
            w.write(row);
            w.commit();
        }
        List<PredictionRow> back = PredictionFiles.read(f);
        assertThat(back).hasSize(1);
        assertThat(back.get(0).role()).isEqualTo(PredictionRow.TEST);
        assertThat(back.get(0).measured()).isEqualTo(99.0);
        assertThat(back.get(0).predicted()).hasValue(90.0);
        assertThat(back.get(0).interval()).isEmpty();
        assertThat(back.get(0).config().workers()).isEqualTo(8);
    }

    @Test
    void anotherParquetFileIsRefusedNamingTheMissingColumn() throws IOException {
        Path f = dir.resolve("observations.parquet");
        ObservationFiles.write(f, List.of());
        assertThatThrownBy(() -> PredictionFiles.read(f)).hasMessageContaining("observations.parquet")
                .hasMessageContaining("predictions");
    }
}
