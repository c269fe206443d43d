package io.stepcast.app.sweep;

import io.stepcast.api.Architecture;
import io.stepcast.api.InvalidField;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.parquet.GenericRows;
import io.stepcast.datasets.parquet.RowFileReader;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import io.stepcast.evaluation.engine.EngineOptions;
import io.stepcast.evaluation.engine.LocalEngine;
import io.stepcast.evaluation.suite.ProgressListener;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * The mechanics of {@code sweep}'s layout axes on synthetic data: a synthetic training row (written here) and a
 * synthetic estimator that reads layouts, whose step time is {@code t + 10 p + 100 d} seconds so that each point's
 * tensor, pipeline and data parallelism can be read back from its answer.
 */
class SweepLayoutAxesTest {
    private static final String GPT = "gpt-l24-h1024-a16-s2048-v50304";
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new SyntheticPlugin(),
            new EvaluationPlugin(), new ApplicationPlugin(), new LayoutStubPlugin("synthetic-layout",
            "synthetic: t + 10 p + 100 d seconds", l -> l.tensor() + 10.0 * l.pipeline() + 100.0 * l.data())));

    @TempDir
    Path dir;

    /** One synthetic 3D-parallel row of a parametric GPT on a DGX A100 (8 GPUs per node), global batch 64. */
    private Path train() throws Exception {
        return Files.writeString(dir.resolve("synthetic.csv"), "model,architecture,workers,tensor_parallel,"
                + "pipeline_parallel,micro_batch,global_batch,hardware,step_time_s\n"
                + GPT + ",ALLREDUCE,2,2,2,1,64,dgx-a100,1.0\n");
    }

    private static SweepGrid grid(List<Integer> nodes, SweepLayout layout) {
        return new SweepGrid(List.of(GPT), List.of(), nodes, List.of(8), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), layout);
    }

    private static SweepLayout layout(List<Integer> tp, List<Integer> pp, List<Integer> mb, List<Long> gb,
                                      List<Integer> seq) {
        return new SweepLayout(tp, pp, List.of(), List.of(), mb, gb, seq, List.of(), List.of(), true, false, false,
                false, false);
    }

    private List<SweepRow> run(SweepSpec spec) throws Exception {
        return new LocalEngine().run(spec.tasks(REGISTRY), EngineOptions.threads(1), ProgressListener.NONE);
    }

    private SweepSpec spec(String predictor, SweepGrid grid) throws Exception {
        return new SweepSpec(predictor, Map.of(), train().toString(), null, "step-time", 1, grid);
    }

    @Test
    void everyLayoutIsOnePointWithTheClusterSizeInnermostAndItsDataParallelismFromTheGpus() throws Exception {
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1, 2),
                layout(List.of(1, 2), List.of(2, 4), List.of(1), List.of(), List.of()))));
        // tp x pp x nodes = 2 x 2 x 2, nodes innermost; d = 8 nodes / (t p).
        assertThat(rows).extracting(r -> r.point().gpus()).containsExactly(8, 16, 8, 16, 8, 16, 8, 16);
        assertThat(rows).extracting(r -> r.mean().getAsDouble())
                .containsExactly(1 + 20 + 400.0, 1 + 20 + 800.0, 1 + 40 + 200.0, 1 + 40 + 400.0,
                        2 + 20 + 200.0, 2 + 20 + 400.0, 2 + 40 + 100.0, 2 + 40 + 200.0);
        // No batch axis: the training row's global batch, split into micro-batches of 1 over each point's replicas.
        assertThat(rows).allMatch(r -> r.point().config().globalBatch() == 64);
        assertThat(SweepAxis.GLOBAL_BATCH.value(rows.get(0))).isEqualTo(64L);
        assertThat(SweepAxis.varied(rows)).containsExactly(SweepAxis.WORKERS, SweepAxis.NODES,
                SweepAxis.DATA_PARALLEL, SweepAxis.TENSOR_PARALLEL, SweepAxis.PIPELINE_PARALLEL);
        assertThat(SweepAxis.SEQUENCE_PARALLEL.value(rows.get(0))).isEqualTo(true);
        assertThat(SweepAxis.FSDP.value(rows.get(0))).isEqualTo(false);
        // scaling.png: one line per layout, named by the layout axes that vary, each over the GPUs.
        assertThat(SweepChart.chart("synthetic-layout", "step-time", rows).getSeriesMap().keySet()).containsExactly(
                GPT + " allreduce dgx-a100 fp16 8 GPU/node tensor-parallel 1 pipeline-parallel 2",
                GPT + " allreduce dgx-a100 fp16 8 GPU/node tensor-parallel 1 pipeline-parallel 4",
                GPT + " allreduce dgx-a100 fp16 8 GPU/node tensor-parallel 2 pipeline-parallel 2",
                GPT + " allreduce dgx-a100 fp16 8 GPU/node tensor-parallel 2 pipeline-parallel 4");
    }

    @Test
    void aLayoutThatDoesNotDivideTheGpusOrMissesItsMicroBatchIsRefusedAloneNamingTheOptions() throws Exception {
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1),
                layout(List.of(1, 3), List.of(2), List.of(), List.of(48L), List.of()))));
        assertThat(rows).hasSize(2);
        assertThat(rows.get(0).answered()).isZero();
        assertThat(rows.get(0).refusal()).hasValueSatisfying(m -> assertThat(m)
                .startsWith("--micro-batch is needed with --pipeline-parallel 2"));
        assertThat(rows.get(1).refusal()).contains(
                "--tensor-parallel 3 x --pipeline-parallel 2 = 6 GPUs per replica do not divide the 8 GPUs");
        // A refused point keeps what was asked (GPUs, layout, global batch) and has no local batch.
        assertThat(rows.get(1).point().gpus()).isEqualTo(8);
        assertThat(SweepAxis.TENSOR_PARALLEL.value(rows.get(1))).isEqualTo(3);
        assertThat(SweepAxis.GLOBAL_BATCH.value(rows.get(1))).isEqualTo(48L);
        assertThat(SweepAxis.LOCAL_BATCH.value(rows.get(1))).isNull();
        assertThat(SweepAxis.DATA_PARALLEL.value(rows.get(1))).isNull();
    }

    @Test
    void aLayoutOptionWithAPredictorThatReadsNoLayoutsIsAUsageErrorButTheGlobalBatchIsNot() throws Exception {
        assertThatThrownBy(() -> spec("synthetic-mean", grid(List.of(1),
                layout(List.of(2), List.of(), List.of(), List.of(), List.of()))).tasks(REGISTRY))
                .hasMessage("sweep: --tensor-parallel: predictor synthetic-mean does not read parallel layouts "
                        + "(megatron-analytic and megatron-simulation do, and a learned one whose hyper-parameter "
                        + "features names a layout feature, e.g. --hp features=model,log2-global-batch,tensor-parallel,"
                        + "pipeline-parallel,data-parallel; predictors-ml/README.md)");
        SweepLayout batchOnly = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(64L, 60L),
                List.of(), List.of(), List.of(), false, false, false, false, false);
        List<SweepRow> rows = run(spec("synthetic-mean", grid(List.of(1), batchOnly)));
        // 64 samples over 8 data-parallel workers; 60 does not divide over them.
        assertThat(rows.get(0).point().config().localBatch()).isEqualTo(8);
        assertThat(rows.get(0).point().config().parallel()).isEmpty();
        assertThat(rows.get(1).refusal()).hasValueSatisfying(m -> assertThat(m).startsWith("--global-batch"));
        // Without a layout the switches say nothing.
        assertThat(SweepAxis.SEQUENCE_PARALLEL.value(rows.get(0))).isNull();
    }

    @Test
    void theCapacityFactorIsAnAxisWrittenAsTheCsvColumnAndNamedAsItsOption() {
        SweepLayout drop = new SweepLayout(List.of(), List.of(), List.of(), List.of(8), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(1.0, 1.25));
        List<SweepLayoutPoint> points = drop.points();
        assertThat(points).extracting(SweepLayoutPoint::expertCapacityFactor)
                .containsExactly(java.util.Optional.of(1.0), java.util.Optional.of(1.25));
        assertThat(points.get(1).cells()).containsEntry("expert_capacity_factor", "1.25")
                .containsEntry("expert_parallel", "8");
        assertThat(points.get(0).layoutStated()).isTrue();
        assertThat(drop.layoutOptions()).containsExactly("--expert-parallel", "--expert-capacity-factor");
        CsvRow row = new CsvRow("sweep", 1, Map.of("expert_capacity_factor", 0), List.of("0"));
        assertThat(SweepLayoutPoint.inOptions(row.refuse("expert_capacity_factor", "must be positive, was 0.0")))
                .isEqualTo("--expert-capacity-factor must be positive, was 0.0");
        // Without the axis the points are dropless and the column is left out.
        assertThat(layout(List.of(2), List.of(), List.of(), List.of(), List.of()).points().get(0).cells())
                .doesNotContainKey("expert_capacity_factor");
        assertThatThrownBy(() -> new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(0.0)))
                .hasMessage("expert_capacity_factor: 0.0 is not a positive number");
    }

    @Test
    void theZeroStageIsAnAxisWrittenAsTheCsvColumnAndRefusedOutsideZeroToThree() {
        SweepLayout zero = new SweepLayout(List.of(2), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(1, 2));
        List<SweepLayoutPoint> points = zero.points();
        assertThat(points).extracting(SweepLayoutPoint::zeroStage)
                .containsExactly(java.util.Optional.of(1), java.util.Optional.of(2));
        assertThat(points.get(1).cells()).containsEntry("zero_stage", "2").containsEntry("tensor_parallel", "2");
        assertThat(zero.layoutOptions()).containsExactly("--tensor-parallel", "--zero-stage");
        assertThat(SweepLayoutPoint.OPTIONS).containsEntry("zero_stage", "--zero-stage");
        assertThat(layout(List.of(2), List.of(), List.of(), List.of(), List.of()).points().get(0).cells())
                .doesNotContainKey("zero_stage");
        assertThatThrownBy(() -> new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(4)))
                .isInstanceOf(InvalidField.class)
                .hasMessage("zero_stage: 4 is not 0, 1, 2 or 3 (DeepSpeed's ZeRO stage)");
    }

    @Test
    void batchAndGlobalBatchTogetherAndABadRecomputationAreRefusedOnConstruction() {
        assertThatThrownBy(() -> new SweepGrid(List.of(GPT), List.of(8), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(32), List.of(), List.of(),
                layout(List.of(), List.of(), List.of(), List.of(64L), List.of())))
                .hasMessage("sweep: give at most one of the fields batch (per worker) and global_batch");
        assertThatThrownBy(() -> new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of("sometimes"), List.of(), false, false, false, false, false))
                .hasMessageStartingWith("recompute must be").hasMessageContaining("'sometimes'");
        assertThatThrownBy(() -> layout(List.of(0), List.of(), List.of(), List.of(), List.of()))
                .hasMessage("tensor_parallel: 0 is not at least 1");
    }

    @Test
    void aSequenceLengthNamesTheZoosModelOfThatShape() throws Exception {
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1),
                layout(List.of(2), List.of(), List.of(), List.of(), List.of(2048, 4096)))));
        assertThat(rows).extracting(r -> r.point().config().model())
                .containsExactly(GPT, "gpt-l24-h1024-a16-s4096-v50304");
        assertThat(SweepAxis.SEQUENCE_LENGTH.value(rows.get(1))).isEqualTo(4096);
    }

    @Test
    void withoutAModeALayoutPointIsAnAllReduceJobEvenOnParameterServerRowsAndAStatedOneIsKept() throws Exception {
        // Synthetic: a data-parallel row of the model measured with parameter servers, as tf-benchmarks' first are.
        Path ps = Files.writeString(dir.resolve("synthetic-ps.csv"), "model,architecture,workers,global_batch,"
                + "hardware,step_time_s\n" + GPT + ",SYNC_PS,8,64,dgx-a100,1.0\n");
        SweepLayout tp2 = layout(List.of(2), List.of(), List.of(1), List.of(), List.of());
        List<SweepRow> layoutRows = new LocalEngine().run(new SweepSpec("synthetic-layout", Map.of(), ps.toString(),
                null, "step-time", 1, grid(List.of(1), tp2)).tasks(REGISTRY), EngineOptions.threads(1),
                ProgressListener.NONE);
        assertThat(layoutRows).extracting(r -> r.point().config().deployment().architecture())
                .containsExactly(Architecture.ALLREDUCE);
        // tp 2, pp 1, d = 8 GPUs / 2: answered, not refused for the training row's parameter servers.
        assertThat(layoutRows.get(0).mean()).hasValue(2 + 10 + 400.0);
        SweepGrid stated = new SweepGrid(List.of(GPT), List.of(), List.of(1), List.of(8), List.of(), List.of(),
                List.of(), List.of("sync-ps"), List.of(), List.of(), List.of(), tp2);
        List<SweepRow> statedRows = new LocalEngine().run(new SweepSpec("synthetic-layout", Map.of(), ps.toString(),
                null, "step-time", 1, stated).tasks(REGISTRY), EngineOptions.threads(1), ProgressListener.NONE);
        // A mode the user states is kept, and the layout point is refused as the generic CSV refuses such a row.
        assertThat(statedRows.get(0).refusal()).hasValueSatisfying(
                r -> assertThat(r).startsWith("--mode is SYNC_PS").endsWith("Megatron-LM and FSDP jobs are ALLREDUCE"));
    }

    @Test
    void aReadersRefusalOfASwitchAsksForTheFlag() throws Exception {
        SweepLayout cp2 = new SweepLayout(List.of(), List.of(), List.of(2), List.of(), List.of(1), List.of(), List.of(),
                List.of(), List.of(), false, false, false, false, false);
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1), cp2)));
        assertThat(rows.get(0).refusal()).hasValue("--context-parallel is 2 but --flash-attention is not stated "
                + "(false): context parallelism's ring attention runs on the fused attention kernel, as in Megatron-LM "
                + "and torchtitan (give --flash-attention)");
    }

    @Test
    void aSwitchStatedOffIsTheColumnStatedFalseAndItsRefusalSaysSo() throws Exception {
        // Context parallelism without the fused attention kernel: stated off, the refusal says false, not "not stated".
        SweepLayout cp2Off = new SweepLayout(List.of(), List.of(), List.of(2), List.of(), List.of(1), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(), true,
                Set.of("flash_attention"));
        assertThat(cp2Off.points().get(0).cells()).containsEntry("flash_attention", "false")
                .doesNotContainKey("fsdp").doesNotContainKey("fused_kernels");
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1), cp2Off)));
        assertThat(rows.get(0).refusal()).hasValue("--context-parallel is 2 but --flash-attention is false: context "
                + "parallelism's ring attention runs on the fused attention kernel, as in Megatron-LM and torchtitan "
                + "(give --flash-attention)");
        // FSDP with the distributed optimizer stated off: the reader's conflict, asked to be undone in option words.
        SweepLayout fsdpWithoutOptimizer = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(1),
                List.of(), List.of(), List.of(), List.of(), false, false, true, false, false, List.of(), List.of(), true,
                Set.of("distributed_optimizer", "fsdp"));
        assertThat(run(spec("synthetic-layout", grid(List.of(1), fsdpWithoutOptimizer))).get(0).refusal())
                .hasValue("--fsdp is true but --distributed-optimizer is false: FSDP shards the optimizer state too "
                        + "(leave --distributed-optimizer on)");
        // Without a layout a switch stated off stays unstated: the column alone would make a model-parallel row.
        SweepLayout batchOnly = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(64L),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(), true,
                Set.of("fsdp", "fused_kernels"));
        assertThat(batchOnly.points().get(0).cells()).containsOnlyKeys("global_batch");
        assertThatThrownBy(() -> new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(), true,
                Set.of("flash")))
                .hasMessageStartingWith("no switch 'flash' (known: sequence_parallel,");
    }

    @Test
    void eagerKernelsAreTheColumnFusedKernelsFalseAndALayoutOption() throws Exception {
        SweepLayout eager = new SweepLayout(List.of(2), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(), false,
                Set.of("fused_kernels"));
        SweepLayoutPoint point = eager.points().get(0);
        assertThat(point.cells()).containsEntry("fused_kernels", "false").containsEntry("tensor_parallel", "2");
        assertThat(eager.layoutOptions()).containsExactly("--tensor-parallel", "--eager-kernels");
        assertThat(SweepLayoutPoint.OPTIONS).containsEntry("fused_kernels", "--eager-kernels");
        // Eager kernels alone state a layout, as a switch turned on does.
        SweepLayout eagerOnly = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false, List.of(), List.of(), false,
                Set.of("fused_kernels"));
        assertThat(eagerOnly.points().get(0).layoutStated()).isTrue();
        assertThat(eagerOnly.stated()).isTrue();
        // The generic CSV reads the point's row as eager: its layout says so.
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1), eager)));
        assertThat(rows.get(0).point().config().parallel().orElseThrow().fusedKernels()).isFalse();
        assertThat(SweepAxis.FUSED_KERNELS.value(rows.get(0))).isEqualTo(false);
        // Fused (the default) at a layout point: the column says true, its cell is left out unless stated.
        List<SweepRow> fused = run(spec("synthetic-layout", grid(List.of(1),
                layout(List.of(2), List.of(), List.of(), List.of(), List.of()))));
        assertThat(fused.get(0).point().config().parallel().orElseThrow().fusedKernels()).isTrue();
        assertThat(SweepAxis.FUSED_KERNELS.value(fused.get(0))).isEqualTo(true);
        assertThat(fused.get(0).point().layout().orElseThrow().cells()).doesNotContainKey("fused_kernels");
    }

    @Test
    void theLayoutsOwnRefusalNamesItsFieldAndTheOneItMentionsAsOptions() throws Exception {
        // 8 GPUs: tp 1, pp 1, 8 replicas; virtual stages need a pipeline, and 3 expert ranks do not divide the 8.
        SweepLayout interleavedWithoutPipeline = new SweepLayout(List.of(), List.of(), List.of(), List.of(), List.of(1),
                List.of(), List.of(), List.of(), List.of(2), false, false, false, false, false);
        assertThat(run(spec("synthetic-layout", grid(List.of(1), interleavedWithoutPipeline))).get(0).refusal())
                .hasValueSatisfying(m -> assertThat(m).startsWith("--virtual-stages is 2 but needs --pipeline-parallel "
                        + "of at least 2"));
        SweepLayout ep3 = new SweepLayout(List.of(), List.of(), List.of(), List.of(3), List.of(1), List.of(),
                List.of(), List.of(), List.of(), false, false, false, false, false);
        assertThat(run(spec("synthetic-layout", grid(List.of(1), ep3))).get(0).refusal())
                .hasValueSatisfying(m -> assertThat(m).startsWith("--expert-parallel is 3 but must divide the tensor x "
                        + "context x data = 1 x 1 x 8 ranks"));
    }

    @Test
    void sweepParquetCarriesTheLayoutColumns() throws Exception {
        List<SweepRow> rows = run(spec("synthetic-layout", grid(List.of(1),
                layout(List.of(2, 3), List.of(), List.of(), List.of(), List.of()))));
        Path file = dir.resolve("sweep.parquet");
        SweepParquet.write(file, "synthetic-layout", rows, r -> Optional.empty());
        List<Map<String, Object>> read = new ArrayList<>();
        try (RowFileReader<Map<String, Object>> r = GenericRows.reader(file)) {
            for (Map<String, Object> row = r.next(); row != null; row = r.next()) {
                read.add(row);
            }
        }
        assertThat(read.get(0)).containsEntry("workers", 8).containsEntry("data_parallel", 4)
                .containsEntry("tensor_parallel", 2).containsEntry("global_batch", 64L)
                .containsEntry("sequence_parallel", true).containsEntry("fsdp", false).containsEntry("fused_kernels", true)
                .containsEntry("mean", 2 + 10 + 400.0);
        assertThat(read.get(0).get("pipeline_parallel")).isNull();
        assertThat(read.get(1)).containsEntry("tensor_parallel", 3).containsEntry("global_batch", 64L)
                .containsEntry("refusal", "--tensor-parallel 3 = 3 GPUs per replica do not divide the 8 GPUs");
        assertThat(read.get(1).get("local_batch")).isNull();
        assertThat(read.get(1).get("data_parallel")).isNull();
    }
}
