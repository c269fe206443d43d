package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static io.stepcast.distribution.PublishedMegatronRuns.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Two famous runs of Megatron-DeepSpeed (Megatron-LM's layers on DeepSpeed's pipeline engine with ZeRO stage 1), end
 * to end through {@code fit}, {@code predict} and {@code plan-llm} as a user runs them: Megatron-Turing NLG 530B at
 * 280, 350 and 420 DGX A100 nodes (Smith et al., arXiv:2201.11990, section 2.4) and BLOOM 176B on 48 nodes of Jean
 * Zay (BigScience's tr11 README), transcribed with their citations and assumptions in
 * {@code published/megatron-deepspeed-a100-mtnlg-bloom.csv}. Nothing is fitted to them: both Megatron predictors run
 * with the constants fitted on vTrain's A100 table ({@code efficiency=vtrain-a100}).
 *
 * <p>The finding these tests pin: stepcast times the layouts as Megatron-LM's own schedule runs them, 12-21% faster
 * than these runs went (a miss outside the 10% target, the same sign on every row); no column states DeepSpeed's
 * pipeline engine, so it is reported, not corrected.
 */
class MegatronDeepSpeedRunsCliTest {
    private static final String RESOURCE = "megatron-deepspeed-a100-mtnlg-bloom.csv";

    @TempDir
    static Path dir;
    private static Path runs;

    private final CliSession cli = new CliSession();

    @BeforeAll
    static void copyTheRuns() throws Exception {
        runs = PublishedMegatronRuns.copy(dir, RESOURCE);
    }

    @Test
    void everyRunIsAnsweredFasterThanItRanAndFitsItsGpus() throws Exception {
        List<JsonNode> analytic = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs,
                runs);
        assertThat(analytic).hasSize(4);
        // MT-NLG 530B at 280, 350 and 420 nodes: 49.51, 40.89, 35.15 s against 60.1, 50.2, 44.4 s (49.04, 40.46,
        // 34.74 s when written, before the data-parallel groups, 8 per node, shared the node's NICs: SharedGroup;
        // 49.29, 40.72, 35.00 s before the stage boundaries' sends, 8 per node, shared them too: CrossNodeSenders).
        assertThat(error(analytic.get(0))).isCloseTo(-0.176, within(0.003));
        assertThat(error(analytic.get(1))).isCloseTo(-0.185, within(0.003));
        assertThat(error(analytic.get(2))).isCloseTo(-0.208, within(0.003));
        // BLOOM 176B: 93.35 s against 104.70 s (91.23 s when written, 91.95 s before the sends shared the NICs).
        assertThat(error(analytic.get(3))).isCloseTo(-0.108, within(0.003));
        // The measured slowdown from 280 to 420 nodes (more data-parallel replicas, fewer micro-batches, a larger
        // bubble share) is predicted in direction: each step adds nodes and takes less time, in both.
        assertThat(analytic.get(1).get("predicted").asDouble()).isLessThan(analytic.get(0).get("predicted").asDouble());
        assertThat(analytic.get(2).get("predicted").asDouble()).isLessThan(analytic.get(1).get("predicted").asDouble());
        for (JsonNode p : analytic) {
            assertThat(p.get("fits").asBoolean()).as(p.toString()).isTrue();
        }
        List<JsonNode> simulated = PublishedMegatronRuns.predict(cli, dir, "megatron-simulation", "vtrain-a100", runs,
                runs);
        for (int i = 0; i < 4; i++) {
            // The simulation agrees with the closed form within a percent here: the miss is not the schedule's algebra.
            assertThat(error(simulated.get(i))).as("row " + (i + 1)).isCloseTo(error(analytic.get(i)), within(0.01));
        }
    }

    @Test
    void planLlmRanksMtNlgsPublishedLayoutAmongItsBestAndAsPredictDoes() throws Exception {
        double predicted = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs, runs)
                .get(0).get("predicted").asDouble();
        cli.clear();
        assertThat(cli.run("plan-llm", "--model", "gpt", "--layers", "105", "--hidden", "20480", "--heads", "128",
                "--seq", "2048", "--vocab", "51200", "--global-batch", "1920", "--gpus", "2240", "--hardware",
                "dgx-a100-80gb", "--precision", "bf16", "--recompute", "full", "--distributed-optimizer", "--json"))
                .as(cli.err()).isZero();
        JsonNode plan = new ObjectMapper().readTree(cli.out());
        JsonNode published = null;
        for (JsonNode l : plan.get("layouts")) {
            if (l.get("tp").asInt() == 8 && l.get("pp").asInt() == 35 && l.get("micro_batch").asInt() == 1) {
                published = l;
            }
        }
        assertThat(published).isNotNull();
        // 2nd of 288 when written, behind TP 8 x PP 7 (4.5% faster, 64.6 GiB per GPU against 22.6).
        assertThat(published.get("rank").asInt()).isLessThanOrEqualTo(3);
        assertThat(published.get("fits").asBoolean()).isTrue();
        assertThat(published.get("iteration_s").asDouble()).isCloseTo(predicted, within(1e-9));
    }

    @Test
    void zeroStageOneChangesNothingAndStageTwoSavesMemoryButReduceScattersEveryMicroBatch() throws Exception {
        // The same rows with their ZeRO stage stated as DeepSpeed's config states it, in place of distributed_optimizer.
        Path stage1 = withZeroStage("1");
        Path stage2 = withZeroStage("2");
        List<JsonNode> flag = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs, runs);
        List<JsonNode> one = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs, stage1);
        List<JsonNode> two = PublishedMegatronRuns.predict(cli, dir, "megatron-analytic", "vtrain-a100", runs, stage2);
        assertThat(one).isEqualTo(flag);
        // Stage 2 splits the BF16 runs' FP32 gradients (4 bytes per parameter) over the d replicas: 22.6 -> 15.9 GiB
        // per GPU for MT-NLG's 280 nodes and 34.6 -> 21.5 GiB for BLOOM when written. Its gradients are reduce-scattered
        // in each of the m = 240, 192, 160 and 128 micro-batches' backward passes, not once: 49.51 -> 84.01 s,
        // 40.89 -> 69.26, 35.15 -> 59.21 and 93.35 -> 156.20 s, each reduce-scatter over one rank per node whose NICs
        // the node's 8 data-parallel groups share (49.04 -> 53.38, 40.46 -> 44.03, 34.74 -> 37.76, 91.23 -> 108.22 s
        // when written, each group given all of the node's NICs; 83.80, 69.08, 59.06 and 154.80 s before the stage
        // boundaries' sends shared the NICs too; what-ifs: DeepSpeed's pipeline engine refuses stage 2).
        double[] gib = {15.88, 15.11, 14.60, 21.51};
        double[] seconds = {84.01, 69.26, 59.21, 156.20};
        for (int i = 0; i < 4; i++) {
            assertThat(two.get(i).get("predicted").asDouble()).as("row " + (i + 1)).isCloseTo(seconds[i], within(0.01));
            assertThat(two.get(i).get("predicted").asDouble()).isGreaterThan(flag.get(i).get("predicted").asDouble());
            assertThat(two.get(i).get("peak_memory_bytes").asDouble() / (1L << 30)).as("row " + (i + 1))
                    .isCloseTo(gib[i], within(0.01));
            assertThat(two.get(i).get("peak_memory_bytes").asDouble())
                    .isLessThan(flag.get(i).get("peak_memory_bytes").asDouble());
        }
        // A row stating both, in contradiction, is refused in one line naming both columns.
        List<String> lines = Files.readAllLines(runs).stream().filter(l -> !l.startsWith("#")).toList();
        Path both = Files.writeString(dir.resolve("zero-and-flag.csv"), lines.get(0) + ",zero_stage\n"
                + lines.get(1) + ",0\n");
        Path model = dir.resolve("zero-model.json");
        cli.clear();
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", runs.toString(), "--param",
                "efficiency=vtrain-a100", "--save", model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", both.toString(), "--target",
                "step-time")).isEqualTo(1);
        assertThat(cli.err().strip()).contains("zero-and-flag.csv:2").contains("column 'zero_stage' is 0 but column "
                + "'distributed_optimizer' is true").doesNotContain("\n");
    }

    /** The runs with {@code distributed_optimizer} replaced by {@code zero_stage} {@code stage}. */
    private static Path withZeroStage(String stage) throws Exception {
        List<String> lines = Files.readAllLines(runs).stream().filter(l -> !l.startsWith("#")).toList();
        int column = List.of(lines.get(0).split(",")).indexOf("distributed_optimizer");
        StringBuilder out = new StringBuilder(lines.get(0).replace(",distributed_optimizer,", ",zero_stage,"))
                .append('\n');
        for (String row : lines.subList(1, lines.size())) {
            String[] cells = row.split(",");
            assertThat(cells[column]).isEqualTo("true");
            cells[column] = stage;
            out.append(String.join(",", cells)).append('\n');
        }
        return Files.writeString(dir.resolve("zero-stage-" + stage + ".csv"), out.toString());
    }

    @Test
    void aMegatronDeepSpeedNameForRecomputationIsHintedWhereItsMemoryVerdictWouldMislead() throws Exception {
        // MT-NLG's 280-node row with the recompute column under Megatron-DeepSpeed's name: read as a tag, the row
        // runs without recomputation and is reported out of memory, so the note must say which column was meant.
        List<String> lines = Files.readAllLines(runs).stream().filter(l -> !l.startsWith("#")).toList();
        Path renamed = Files.writeString(dir.resolve("checkpoint-activations.csv"),
                lines.get(0).replace(",recompute,", ",checkpoint_activations,") + "\n" + lines.get(1) + "\n");
        Path model = dir.resolve("renamed-model.json");
        cli.clear();
        assertThat(cli.run("fit", "--predictor", "megatron-analytic", "--train", runs.toString(), "--param",
                "efficiency=vtrain-a100", "--save", model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", renamed.toString(), "--target",
                "step-time")).as(cli.err()).isZero();
        assertThat(cli.err()).contains("unknown column 'checkpoint_activations': did you mean recompute (none, "
                + "selective or full");
    }
}
