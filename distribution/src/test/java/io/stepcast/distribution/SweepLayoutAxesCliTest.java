package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.app.sweep.SweepParquet;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code sweep}'s layout axes on real rows: NVIDIA Megatron-Bridge's published Llama 3 70B run on 64 DGX H100 GPUs in
 * FP8 (NVIDIA-NeMo/Megatron-Bridge@df0289c, {@code docs/performance-summary.md}, "System: DGX-H100", transcribed with
 * its citation in {@code published/megatron-bridge-llama-h100-df0289c.csv}: TP 4, PP 8, VP 5, micro-batch 1, global
 * batch 128, sequence 8192, with the recipe's sequence parallelism, distributed optimizer and fused attention). A
 * sweep point of that layout is the file's row: {@code megatron-analytic} with vTrain's A100 constants (nothing fitted
 * to the file) answers it as {@code predict} answers the row, and the same sweep over 8, 16 and 32 nodes and PP 8 or
 * 3 refuses the layouts that do not divide the GPUs, point by point.
 */
class SweepLayoutAxesCliTest {
    private static final String RESOURCE = "megatron-bridge-llama-h100-df0289c.csv";
    /** {@code predict}'s answer for the file's 25.11 Llama 3 70B row (MegatronBridgeUnevenSplitCliTest). */
    private static final double PREDICTED_70B = 10.935102860596391;

    @TempDir
    static Path dir;
    private static Path runs;

    private final CliSession cli = new CliSession();

    @BeforeAll
    static void copyTheRuns() throws Exception {
        runs = PublishedMegatronRuns.copy(dir, RESOURCE);
    }

    private static List<String> sweep(Path out, String nodes, String pipeline) {
        return sweep(out, nodes, pipeline, "--hp");
    }

    /** The sweep with its hyper-parameter given by {@code option}: {@code --hp}, or {@code -p} as fit spells it. */
    private static List<String> sweep(Path out, String nodes, String pipeline, String option) {
        return List.of("sweep", "--predictor", "megatron-analytic", option, "efficiency=vtrain-a100", "--train",
                runs.toString(), "--target", "step-time", "--models", "llama3-70b", "--nodes", nodes,
                "--gpus-per-node", "8", "--hardware", "dgx-h100", "--precision", "fp8", "--tensor-parallel", "4",
                "--pipeline-parallel", pipeline, "--virtual-stages", "5", "--micro-batch", "1", "--global-batch", "128",
                "--sequence-length", "8192", "--sequence-parallel", "--distributed-optimizer", "--flash-attention",
                "--recompute", "none", "--out", out.toString(), "--json");
    }

    @Test
    void theLayoutPointOfAPublishedRunIsAnsweredAsPredictAnswersItsRow() throws Exception {
        List<JsonNode> predicted = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs,
                runs);
        assertThat(predicted.get(2).get("predicted").asDouble()).isCloseTo(PREDICTED_70B, within(1e-9));
        cli.clear();
        Path out = dir.resolve("one");
        assertThat(cli.run(sweep(out, "8", "8", "-p").toArray(String[]::new))).as(cli.err()).isZero();
        JsonNode point = new ObjectMapper().readTree(cli.out()).get("points").get(0);
        assertThat(point.get("mean").asDouble()).isEqualTo(predicted.get(2).get("predicted").asDouble());
        assertThat(point.get("workers").asInt()).isEqualTo(64);
        assertThat(point.get("data_parallel").asInt()).isEqualTo(2);
        assertThat(point.get("tensor_parallel").asInt()).isEqualTo(4);
        assertThat(point.get("virtual_stages").asInt()).isEqualTo(5);
        assertThat(point.get("global_batch").asLong()).isEqualTo(128);
        assertThat(point.get("flash_attention").asBoolean()).isTrue();
        // The peak memory per GPU and its verdict, as predict gives them for the row.
        assertThat(point.get("peak_memory_gib").asDouble())
                .isCloseTo(predicted.get(2).get("peak_memory_bytes").asDouble() / (1L << 30), within(1e-9));
        assertThat(point.get("fits").asBoolean()).isTrue();
    }

    @Test
    void theExampleGridSweepsLlama3OverNodesAndPipelineStagesAsTheReadmeShows() throws Exception {
        Path out = dir.resolve("example");
        // The example names the table by its path from the repository root; the test runs in distribution/.
        assertThat(cli.run("sweep", "--grid", Path.of("..", "docs", "examples", "llama3-70b-layout-sweep.yaml")
                .toString(), "--train", runs.toString(), "--out", out.toString(), "--json")).as(cli.err()).isZero();
        JsonNode points = new ObjectMapper().readTree(cli.out()).get("points");
        assertThat(points).hasSize(6);
        // 16, 32, 64 nodes at PP 4, then at PP 8 (TP 8, VP 5, global batch 128), in seconds, since the data-parallel
        // groups (one rank per node, 8 per node) and the stage boundaries' sends (8 per node) share the node's NICs,
        // and the interleaved schedule's steady-state sends overlap the next pass (P2pOverlap).
        double[] seconds = {6.646880614225735, 3.4831130059597943, 1.9013972018268237, 6.8840023059455415,
            3.5818268597481877, 1.9308231366495119};
        for (int i = 0; i < 6; i++) {
            assertThat(points.get(i).get("mean").asDouble()).as("point " + i).isCloseTo(seconds[i], within(1e-9));
            assertThat(points.get(i).get("tensor_parallel").asInt()).isEqualTo(8);
            assertThat(points.get(i).get("fits").asBoolean()).isTrue();
        }
        assertThat(points.get(5).get("workers").asInt()).isEqualTo(512);
        assertThat(points.get(5).get("data_parallel").asInt()).isEqualTo(8);
    }

    @Test
    void zeroStagesAreAnAxisWhoseStageOneIsTheDistributedOptimizerAndStageTwoSavesMemoryAtATime() throws Exception {
        Path out = dir.resolve("zero");
        List<String> args = new java.util.ArrayList<>(sweep(out, "8", "8"));
        args.remove("--distributed-optimizer");
        args.addAll(args.indexOf("--out"), List.of("--zero-stage", "1,2"));
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        JsonNode points = new ObjectMapper().readTree(cli.out()).get("points");
        assertThat(points).hasSize(2);
        assertThat(points.get(0).get("zero_stage").asInt()).isEqualTo(1);
        assertThat(points.get(1).get("zero_stage").asInt()).isEqualTo(2);
        // Stage 1 is the published row as predict answers it (with distributed_optimizer true); stage 2 reduce-scatters
        // its gradients in every micro-batch's backward pass, not once after the flush: longer.
        assertThat(points.get(0).get("mean").asDouble()).isCloseTo(PREDICTED_70B, within(1e-9));
        assertThat(points.get(1).get("mean").asDouble()).isGreaterThan(points.get(0).get("mean").asDouble());
        assertThat(points.get(1).get("peak_memory_gib").asDouble())
                .isLessThan(points.get(0).get("peak_memory_gib").asDouble());
        cli.clear();
        assertThat(cli.run("datasets", "show", out.resolve(SweepParquet.FILE).toString(), "--json")).as(cli.err())
                .isZero();
        assertThat(cli.out()).contains("zero_stage");
    }

    @Test
    void aPredictorsRefusalNamesTheOptionAndASweepItRefusesWhollyKeepsTheEarlierFiles() throws Exception {
        Path out = dir.resolve("virtual");
        Path grid = Path.of("..", "docs", "examples", "llama3-70b-layout-sweep.yaml");
        // VP 4: the 80 layers split into PP 4 x 4 chunks of 5, not into PP 8 x 4 (nor 82 into 32).
        assertThat(cli.run("sweep", "--grid", grid.toString(), "--train", runs.toString(), "--virtual-stages", "4",
                "--out", out.toString())).as(cli.err()).isZero();
        assertThat(cli.out()).contains("6 points x 1 seeds, step-time; 3 points not applicable")
                .contains("  3 points: --virtual-stages: the 80 layers do not divide into --pipeline-parallel x "
                        + "--virtual-stages = 8 x 4 chunks (the interleaved schedule), nor do 80 + 2 with the embedding "
                        + "and the loss counted as layers (Megatron-LM's --account-for-embedding-in-pipeline-split "
                        + "--account-for-loss-in-pipeline-split); --virtual-stages 1, 2, 5 or 10 split them over 8 "
                        + "stages");
        byte[] parquet = Files.readAllBytes(out.resolve(SweepParquet.FILE));
        byte[] chart = Files.readAllBytes(out.resolve("scaling.png"));
        // VP 3 splits neither PP: nothing is answered, so nothing is written and the VP 4 run's files stay.
        cli.clear();
        assertThat(cli.run("sweep", "--grid", grid.toString(), "--train", runs.toString(), "--virtual-stages", "3",
                "--out", out.toString())).isEqualTo(1);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).contains("6 points not applicable",
                "  3 points: --virtual-stages: the 80 layers do not divide into --pipeline-parallel x --virtual-stages "
                        + "= 4 x 3 chunks",
                "megatron-analytic answered no point of the sweep (the reasons above); wrote nothing, "
                        + out.resolve(SweepParquet.FILE) + " and scaling.png are left as they were");
        assertThat(Files.readAllBytes(out.resolve(SweepParquet.FILE))).isEqualTo(parquet);
        assertThat(Files.readAllBytes(out.resolve("scaling.png"))).isEqualTo(chart);
        // TP 3 divides none of the GPU counts: six reasons, five shown, and still nothing written.
        cli.clear();
        assertThat(cli.run("sweep", "--grid", grid.toString(), "--train", runs.toString(), "--tensor-parallel", "3",
                "--out", out.toString(), "--json")).isEqualTo(1);
        assertThat(cli.out()).isEmpty();
        assertThat(cli.err()).contains("  1 point: --tensor-parallel 3 x --pipeline-parallel 4 = 12 GPUs per replica "
                + "do not divide the 128 GPUs", "  ... 1 other reason" + System.lineSeparator(), "wrote nothing");
        assertThat(Files.readAllBytes(out.resolve(SweepParquet.FILE))).isEqualTo(parquet);
    }

    @Test
    void aSwitchTheGridFileTurnsOnIsTurnedOffByItsNegatedFlag() throws Exception {
        Path out = dir.resolve("no-flash");
        assertThat(cli.run("sweep", "--grid", Path.of("..", "docs", "examples", "llama3-70b-layout-sweep.yaml")
                .toString(), "--train", runs.toString(), "--nodes", "16", "--pipeline-parallel", "4",
                "--no-flash-attention", "--out", out.toString(), "--json")).as(cli.err()).isZero();
        JsonNode point = new ObjectMapper().readTree(cli.out()).get("points").get(0);
        assertThat(point.get("flash_attention").asBoolean()).isFalse();
        assertThat(point.get("sequence_parallel").asBoolean()).isTrue();
        // Without the fused kernel the attention scores are stored and computed unfused: another, slower answer.
        assertThat(point.get("mean").asDouble()).isGreaterThan(6.530180368295069);
    }

    @Test
    void fittedOnTheVtrainSourceALayoutPointIsAnsweredAsPredictAnswersItsRow() throws Exception {
        // megatron-analytic fitted on vTrain's 1,440 measured A100 runs (the llm-megatron suite's source, in
        // ../shared/data), then one of their layouts (GPT 24 layers, hidden 2048, 8 GPUs: TP 2, DP 4, micro-batch 4,
        // global batch 64) as a sweep point and as a file's row. Only the two answers are compared: the row is one the
        // predictor was fitted on, so its error says nothing of its accuracy.
        String data = System.getProperty("stepcast.shared.data");
        String gpt = "gpt-l24-h2048-a16-s1024-v50304";
        Path model = dir.resolve("vtrain-analytic.json");
        Path observations = dir.resolve("vtrain.parquet");
        // fit reads files: the source's rows as datasets import writes them.
        assertThat(cli.run("datasets", "import", "vtrain", "--input", Path.of(data, "vtrain").toString(), "--out",
                observations.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", observations.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        Path row = Files.writeString(dir.resolve("vtrain-row.csv"), "model,architecture,workers,tensor_parallel,"
                + "pipeline_parallel,micro_batch,global_batch,hardware\n" + gpt + ",ALLREDUCE,4,2,1,4,64,vtrain-a100\n");
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", row.toString(), "--target", "step-time",
                "--json")).as(cli.err()).isZero();
        double predicted = new ObjectMapper().readTree(cli.out()).get("predictions").get(0).get("predicted").asDouble();
        cli.clear();
        assertThat(cli.run("sweep", "--predictor", "megatron-analytic", "--train", "vtrain", "--data", data,
                "--target", "step-time", "--models", gpt, "--workers", "8", "--hardware", "vtrain-a100",
                "--tensor-parallel", "2", "--pipeline-parallel", "1", "--micro-batch", "4", "--global-batch", "64",
                "--out", dir.resolve("vtrain").toString(), "--json")).as(cli.err()).isZero();
        JsonNode point = new ObjectMapper().readTree(cli.out()).get("points").get(0);
        assertThat(point.get("data_parallel").asInt()).isEqualTo(4);
        assertThat(point.get("mean").asDouble()).isPositive().isEqualTo(predicted);
    }

    @Test
    void layoutsThatDoNotDivideTheGpusAreRefusedPointByPointAndTheRestAnswered() throws Exception {
        Path out = dir.resolve("grid");
        List<String> args = new java.util.ArrayList<>(sweep(out, "8,16,32", "8,3"));
        args.remove("--json");
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        assertThat(cli.out()).contains("6 points x 1 seeds, step-time; 3 points not applicable")
                .contains("  1 point: --tensor-parallel 4 x --pipeline-parallel 3 = 12 GPUs per replica do not "
                        + "divide the 64 GPUs");
        assertThat(Files.size(out.resolve(SweepParquet.FILE))).isPositive();
        cli.clear();
        assertThat(cli.run("datasets", "show", out.resolve(SweepParquet.FILE).toString(), "--json")).as(cli.err())
                .isZero();
        JsonNode rows = new ObjectMapper().readTree(cli.out()).get("shown");
        assertThat(rows).hasSize(6);
        // 64, 128 and 256 GPUs at PP 8: 2, 4 and 8 replicas; the first is the published run, as predict answers it.
        assertThat(rows.get(0).get("mean").asDouble()).isCloseTo(PREDICTED_70B, within(1e-9));
        for (int i = 0; i < 3; i++) {
            assertThat(rows.get(i).get("data_parallel").asInt()).isEqualTo(2 << i);
            assertThat(rows.get(i).get("pipeline_parallel").asInt()).isEqualTo(8);
            assertThat(rows.get(i + 3).get("pipeline_parallel").asInt()).isEqualTo(3);
            assertThat(rows.get(i + 3).has("mean")).isFalse();
        }
        // More replicas, each with fewer micro-batches: each doubling of the GPUs shortens the iteration.
        assertThat(rows.get(1).get("mean").asDouble()).isLessThan(rows.get(0).get("mean").asDouble());
        assertThat(rows.get(2).get("mean").asDouble()).isLessThan(rows.get(1).get("mean").asDouble());
    }
}
