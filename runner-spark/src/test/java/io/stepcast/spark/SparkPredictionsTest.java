package io.stepcast.spark;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Sharding;
import io.stepcast.datasets.parquet.PredictionFiles;
import io.stepcast.datasets.parquet.PredictionRow;
import io.stepcast.evaluation.engine.EngineOptions;
import org.apache.parquet.hadoop.ParquetFileReader;
import org.apache.parquet.io.LocalInputFile;
import org.apache.parquet.schema.MessageType;
import org.apache.parquet.schema.Type;
import org.apache.parquet.column.page.PageReadStore;
import org.apache.parquet.example.data.Group;
import org.apache.parquet.example.data.simple.convert.GroupRecordConverter;
import org.apache.parquet.io.ColumnIOFactory;
import org.apache.parquet.io.RecordReader;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/** predictions.parquet written through Spark has the datasets writer's columns and the same rows. */
class SparkPredictionsTest {
    @TempDir
    Path dir;

    @Test
    void sparkWritesTheSameColumnsAndRows() throws Exception {
        Config c = Config.builder().model("resnet50").framework("tensorflow").dataset("imagenet").workers(4)
                .hardware("synthetic-gpu").localBatch(32).bandwidthGbps(10).intraNodeGbps(300).build();
        List<PredictionRow> rows = List.of(
                new PredictionRow("d", "kfold:3", "fold-1", "ernest", "throughput", c, "synthetic", 0, 120.5,
                        OptionalDouble.of(118.25), null),
                new PredictionRow("d", "kfold:3", "fold-2", "mva", "throughput", c, "synthetic", 1, 99.0,
                        OptionalDouble.empty(), "outside the fitted domain"),
                new PredictionRow("d", "kfold:3", "fold-1", "simulation", "throughput", c.withWorkers(2), "synthetic",
                        0, PredictionRow.BETWEEN, Double.NaN, OptionalDouble.of(60.0), null,
                        java.util.Optional.of(new PredictionRow.Interval(50, 70, OptionalDouble.of(0.9))),
                        java.util.Optional.of(new PredictionRow.Interval(55, 65, OptionalDouble.empty(),
                                OptionalDouble.of(61.0)))),
                new PredictionRow("d", "train-test", "test", "megatron-analytic", "step-time",
                        c.toBuilder().model("gpt-l24-h2048-a16-s1024-v50304")
                                .parallel(ParallelLayout.builderForGlobalBatch(1, 2, 4, 2, 128).sharding(Sharding.FULL)
                                        .flashAttention(true).virtualStages(2).build())
                                .build(), "synthetic", 0, 1.5, OptionalDouble.of(1.4), null),
                new PredictionRow("d", "train-test", "test", "megatron-analytic", "step-time",
                        c.toBuilder().model("llama3-8b-seq65536").parallel(ParallelLayout.builderForGlobalBatch(2, 1,
                                4, 1, 8).flashAttention(true).context(4).sharding(Sharding.GRADIENTS).build()).build(),
                        "synthetic", 0, 9.5,
                        OptionalDouble.of(9.0), null),
                new PredictionRow("d", "train-test", "test", "megatron-analytic", "step-time",
                        c.toBuilder().model("qwen3-30b-a3b").parallel(ParallelLayout.builderForGlobalBatch(1, 2, 8, 1,
                                64).flashAttention(true).expert(8).expertOverlap(true)
                                .expertCapacityFactor(OptionalDouble.of(1.25)).fusedKernels(false).virtualStages(2).overlapP2pComm(false).build())
                                .build(),
                        "synthetic",
                        0, 12.5, OptionalDouble.of(12.0), null));
        Path viaSpark = dir.resolve("spark.parquet");
        Path viaDatasets = dir.resolve("datasets.parquet");
        SparkEngine engine = new SparkEngine();
        EngineOptions local2 = new EngineOptions(1, Optional.of("local[2]"));
        assertThat(engine.writePredictions(viaSpark, rows, local2)).isEqualTo(6);
        PredictionFiles.write(viaDatasets, rows);

        assertThat(columns(schema(viaSpark))).isEqualTo(columns(schema(viaDatasets)));
        List<String> a = rows(viaSpark);
        assertThat(a).hasSize(6).isEqualTo(rows(viaDatasets));
        assertThat(a.get(0)).contains("intra_node_gbps: 300.0");
        assertThat(a.get(1)).contains("refusal: outside the fitted domain").doesNotContain("predicted:");
        assertThat(a.get(2)).contains("role: between", "lower: 50.0", "native_predicted: 61.0")
                .doesNotContain("measured:");
        assertThat(a.get(3)).contains("distributed_optimizer: true", "fsdp: true", "flash_attention: true",
                "context_parallel: 1", "zero_stage: 3");
        assertThat(a.get(4)).contains("flash_attention: true", "context_parallel: 4", "devices_per_worker: 8",
                "distributed_optimizer: true", "fsdp: false", "zero_stage: 2");
        assertThat(a.get(5)).contains("expert_parallel: 8", "expert_overlap: true", "expert_capacity_factor: 1.25",
                "fused_kernels: false");
        assertThat(a.get(4)).contains("fused_kernels: true");
        // Interleaved by default, plain, interleaved stated off.
        assertThat(a.get(3)).contains("virtual_stages: 2", "overlap_p2p_comm: true");
        assertThat(a.get(4)).contains("overlap_p2p_comm: false");
        assertThat(a.get(5)).contains("virtual_stages: 2", "overlap_p2p_comm: false");
        assertThat(a.get(4)).doesNotContain("expert_capacity_factor");
        assertThat(PredictionFiles.read(viaSpark)).isEqualTo(rows);
        assertThat(dir.toFile().list()).containsExactlyInAnyOrder("spark.parquet", "datasets.parquet");
    }

    /** Every row as parquet-mr prints it (field names and values, absent optional fields left out). */
    private static List<String> rows(Path file) throws Exception {
        List<String> out = new ArrayList<>();
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            MessageType schema = r.getFooter().getFileMetaData().getSchema();
            for (PageReadStore pages = r.readNextRowGroup(); pages != null; pages = r.readNextRowGroup()) {
                RecordReader<Group> records = new ColumnIOFactory().getColumnIO(schema)
                        .getRecordReader(pages, new GroupRecordConverter(schema));
                for (long i = 0; i < pages.getRowCount(); i++) {
                    out.add(records.read().toString());
                }
            }
        }
        return out;
    }

    private static MessageType schema(Path file) throws Exception {
        try (ParquetFileReader r = ParquetFileReader.open(new LocalInputFile(file))) {
            return r.getFileMetaData().getSchema();
        }
    }

    /** Name, type, logical type and repetition of every column (the message names differ). */
    private static List<String> columns(MessageType m) {
        return m.getFields().stream().map(Type::toString).toList();
    }
}
