package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static io.stepcast.distribution.PublishedMegatronRuns.error;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * NVIDIA Megatron-Bridge's published Llama 3 and 3.1 pre-training runs on DGX H100 in FP8, end to end through
 * {@code fit}, {@code predict} and {@code plan-llm} as a user runs them. The runs are transcribed with their citation
 * in {@code published/megatron-bridge-llama-h100-df0289c.csv} (NVIDIA-NeMo/Megatron-Bridge@df0289c,
 * {@code docs/performance-summary.md}, the "System: DGX-H100" tables of the 26.02, 25.11 and 25.09 containers); the
 * step times are derived from the tables' tokens per second per GPU. Nothing is fitted to them: both Megatron
 * predictors run with the constants fitted on vTrain's A100 table ({@code efficiency=vtrain-a100}), as
 * {@code plan-llm} and {@code serve} do.
 *
 * <p>Llama 3.1 405B's 126 layers run on PP 8 x VP 8 only with the embedding and the loss counted as pipeline layers
 * (Megatron-LM's {@code --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split}, which
 * Megatron-Bridge's 405B recipe sets). Before stepcast placed them so, {@code predict} refused the three 405B runs and
 * {@code plan-llm} answered the same layout with the plain schedule, 15.09 s against the 14.03 s and 13.56 s measured.
 */
class MegatronBridgeUnevenSplitCliTest {
    private static final String RESOURCE = "megatron-bridge-llama-h100-df0289c.csv";
    private static final String[] PLAN_405B = {"plan-llm", "--model", "llama3.1-405b", "--global-batch", "512", "--gpus",
            "1024", "--hardware", "dgx-h100", "--precision", "fp8", "--flash-attention", "--distributed-optimizer",
            "--sequence-parallel", "--context-parallel", "2", "--json"};

    @TempDir
    static Path dir;
    private static Path runs;

    private final CliSession cli = new CliSession();

    @BeforeAll
    static void copyTheRuns() throws Exception {
        runs = PublishedMegatronRuns.copy(dir, RESOURCE);
    }

    /** The step-time predictions of {@code predictor} with vTrain's A100 constants, row by row. */
    private List<JsonNode> predict(String predictor) throws Exception {
        return PublishedMegatronRuns.predict(cli, dir, predictor, "vtrain-a100", runs, runs);
    }

    @Test
    void the405bRunsAreAnsweredWithinEightPercentAndThe8bAsBefore() throws Exception {
        List<JsonNode> analytic = predict("megatron-analytic");
        assertThat(analytic).hasSize(8);
        // Llama 3.1 405B, 25.11, 25.09 and 26.02 (global batch 1,536): +1.6%, +5.1%, +4.6% with the interleaved
        // schedule's steady-state sends overlapped (+3.9%, +7.5%, +7.3% before; refused before that; -1.3%,
        // +2.1%, +3.9% when written; +1.7%, +5.2%, +5.0% after its data-parallel groups, 8 per node, shared the
        // node's NICs, before its stage boundaries' sends and context-parallel rings, 8 senders per node, did too).
        assertThat(error(analytic.get(5))).isCloseTo(0.016, within(0.003));
        assertThat(error(analytic.get(6))).isCloseTo(0.051, within(0.003));
        assertThat(error(analytic.get(7))).isCloseTo(0.046, within(0.003));
        // Llama 3 8B (one node) is predicted as before the change, to the digit: 8.7368 s (-3.7%, -6.2%). Llama 3 70B
        // (TP 4, PP 8, VP 5: a node per stage, its 8 ranks sending each boundary's message at once) 10.9351 s and
        // 21.5391 s (+6.9%, +8.1%, +6.6%) with its steady-state sends overlapped (11.3151 s and 22.3630 s, +10.6%,
        // +11.8%, +10.6%, before; 10.9311 s and 21.6032 s, +6.9%, +8.0%, +6.9%, before its sends shared the NICs).
        assertThat(analytic.get(0).get("predicted").asDouble()).isCloseTo(8.736835429682428, within(1e-9));
        assertThat(analytic.get(2).get("predicted").asDouble()).isCloseTo(10.935102860596391, within(1e-9));
        assertThat(analytic.get(4).get("predicted").asDouble()).isCloseTo(21.539149147978602, within(1e-9));
        double mape = analytic.stream().mapToDouble(p -> Math.abs(error(p))).average().orElseThrow();
        // 5.3% over the 8 runs with the steady-state sends overlapped (7.7% before; 4.9% when written, 5.4% after the
        // data-parallel groups shared the NICs; 6.3% over the 5 answered before the split).
        assertThat(mape).isCloseTo(0.053, within(0.003));
    }

    @Test
    void theSimulationRunsTheInterleavedScheduleOfEveryRow() throws Exception {
        // Before, megatron-simulation refused every row with virtual stages (70B and 405B), 6 of 8.
        List<JsonNode> simulated = predict("megatron-simulation");
        List<JsonNode> analytic = predict("megatron-analytic");
        for (int i = 0; i < 8; i++) {
            // It times each of the 64 chunks (1, 2, ..., 2, 1 layers for 405B) where the closed form charges the
            // busiest stage, and each boundary's message where the schedule waits for it: within a percent of it here
            // (half a percent before the boundaries' sends shared the nodes' NICs).
            assertThat(error(simulated.get(i))).as("row " + (i + 1)).isCloseTo(error(analytic.get(i)), within(0.01));
        }
        // One stage: the same as the closed form (8B).
        assertThat(simulated.get(0).get("predicted").asDouble())
                .isCloseTo(analytic.get(0).get("predicted").asDouble(), within(1e-9));
    }

    @Test
    void planLlmAnswersThePublishedLayoutAsPredictDoes() throws Exception {
        double predicted = predict("megatron-analytic").get(5).get("predicted").asDouble();
        cli.clear();
        List<String> args = new ArrayList<>(List.of(PLAN_405B));
        args.addAll(List.of("--virtual-stages", "8"));
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        JsonNode published = layout(new ObjectMapper().readTree(cli.out()), 8, 2, 8, 8, 1);
        assertThat(published.get("virtual_stages").asInt()).isEqualTo(8);
        assertThat(published.has("plain_schedule_because")).isFalse();
        assertThat(published.get("iteration_s").asDouble()).isCloseTo(predicted, within(1e-9));
        // The plain schedule, which plan-llm fell back to before: 15.55 s, +10.9% against the 25.11 run's 14.03 s
        // (15.09 s when written, 15.51 s after the data-parallel groups shared the node's NICs, before the stage
        // boundaries' sends and the context-parallel rings did).
        cli.clear();
        assertThat(cli.run(PLAN_405B)).as(cli.err()).isZero();
        JsonNode plain = layout(new ObjectMapper().readTree(cli.out()), 8, 2, 8, 8, 1);
        assertThat(plain.get("iteration_s").asDouble()).isCloseTo(15.5499, within(1e-4));
    }

    @Test
    void aSplitMegatronRefusesIsRefusedAlikeNamingTheOptionsThatFixIt() throws Exception {
        // Synthetic row: the 405B layout with 3 virtual stages (126 and 128 layers do not divide into 24 chunks).
        Path v3 = Files.writeString(dir.resolve("v3.csv"), "model,architecture,workers,tensor_parallel,"
                + "pipeline_parallel,context_parallel,virtual_stages,micro_batch,global_batch,sequence_parallel,"
                + "distributed_optimizer,flash_attention,precision,hardware,step_time_s\n"
                + "llama3.1-405b,ALLREDUCE,8,8,8,2,3,1,512,true,true,true,fp8,dgx-h100,14.0\n");
        String why = "--account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split); "
                + "virtual_stages 1, 2, 4, 8 or 16 split them over 8 stages";
        for (String predictor : new String[] {"megatron-analytic", "megatron-simulation"}) {
            Path model = dir.resolve(predictor + "-v3.json");
            cli.clear();
            assertThat(cli.run("fit", "--predictor", predictor, "--train", runs.toString(), "--param",
                    "efficiency=vtrain-a100", "--save", model.toString())).as(cli.err()).isZero();
            cli.clear();
            assertThat(cli.run("predict", "--model", model.toString(), "--input", v3.toString(), "--target",
                    "step-time", "--json")).as(cli.err()).isZero();
            JsonNode row = new ObjectMapper().readTree(cli.out()).get("predictions").get(0);
            assertThat(row.get("not_applicable").asText()).as(predictor).endsWith(why);
        }
        // plan-llm runs such a layout with the plain schedule and says why on its row.
        cli.clear();
        List<String> args = new ArrayList<>(List.of(PLAN_405B));
        args.addAll(List.of("--virtual-stages", "3"));
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        JsonNode plain = layout(new ObjectMapper().readTree(cli.out()), 8, 2, 8, 8, 1);
        assertThat(plain.get("virtual_stages").asInt()).isEqualTo(1);
        assertThat(plain.get("plain_schedule_because").asText())
                .isEqualTo("the 126 layers do not divide into pipeline_parallel x virtual_stages = 8 x 3 chunks (the "
                        + "interleaved schedule), nor do 126 + 2 with the embedding and the loss counted as layers "
                        + "(Megatron-LM's --account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split)"
                        + "; virtual_stages 1, 2, 4, 8 or 16 split them over 8 stages");
        // The table says it on each row whose v column (the eighth, after rank tp cp pp dp mb m) is 1, after its fits
        // column: one stage, micro-batches that do not form groups of p, or chunks Megatron-LM would not split (that
        // long reason once, as a numbered note below the table, which the rows name); a row with v 3 (2 stages of 63
        // layers) says nothing.
        cli.clear();
        args.remove("--json");
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        List<String[]> rows = cli.out().lines().filter(l -> l.matches("\\s+\\d+ .*"))
                .map(l -> l.trim().split("\\s+")).toList();
        assertThat(rows).filteredOn(r -> r[7].equals("3")).isNotEmpty()
                .allSatisfy(r -> assertThat(String.join(" ", r)).doesNotContain("plain schedule"));
        assertThat(rows).filteredOn(r -> r[7].equals("1")).isNotEmpty()
                .allSatisfy(r -> assertThat(String.join(" ", r)).matches(".*\\(plain schedule: (one pipeline stage"
                        + "|note \\d+|\\d+ micro-batch(es)? not a multiple of the \\d+ stages)\\)"));
        // Each note once, every one a refused split, the 8-stage layout's among them in plan-llm --json's words.
        List<String> notes = cli.out().lines().filter(l -> l.startsWith("note ")).toList();
        assertThat(notes).isNotEmpty().doesNotHaveDuplicates()
                .allSatisfy(n -> assertThat(n).matches("note \\d+: the 126 layers do not divide into .*"))
                .anySatisfy(n -> assertThat(n).endsWith(": " + plain.get("plain_schedule_because").asText()));
    }

    private static JsonNode layout(JsonNode plan, int tp, int cp, int pp, int dp, int microBatch) {
        for (JsonNode l : plan.get("layouts")) {
            if (l.get("tp").asInt() == tp && l.get("cp").asInt() == cp && l.get("pp").asInt() == pp
                    && l.get("dp").asInt() == dp && l.get("micro_batch").asInt() == microBatch) {
                return l;
            }
        }
        throw new AssertionError("no layout tp " + tp + " cp " + cp + " pp " + pp + " dp " + dp + " in " + plan);
    }
}
