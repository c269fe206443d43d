package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What {@code plan-llm} says of its mixture-of-experts options (probe17): DeepSeek-V3 is refused in the zoo's one line
 * rather than answered with look-alike names (DeepSpeech2), the expert all-to-all overlap is refused on a dense model
 * as expert parallelism is, and the header and {@code --json} say which expert options were planned, so that two
 * plans that differ only in {@code --overlap-expert-comm} can be told apart.
 */
class MoePlanOptionsCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private final CliSession cli = new CliSession();

    @Test
    void deepSeekV3IsRefusedInTheZoosWords() {
        for (String name : new String[] {"DeepSeek-V3", "deepseek-ai/DeepSeek-V3"}) {
            cli.clear();
            assertThat(cli.run("plan-llm", "--model", name, "--global-batch", "64", "--gpus", "8", "--hardware",
                    "dgx-h100")).isEqualTo(2);
            assertThat(cli.err()).contains("--model: model '" + name + "' is refused: DeepSeek-V3's multi-head "
                    + "latent attention").doesNotContain("DeepSpeech2");
        }
    }

    @Test
    void theExpertOverlapNeedsAMixtureOfExperts() {
        assertThat(cli.run("plan-llm", "--model", "llama3-8b", "--global-batch", "64", "--gpus", "8", "--hardware",
                "dgx-h100", "--overlap-expert-comm")).isEqualTo(2);
        assertThat(cli.err()).contains("--overlap-expert-comm needs a mixture-of-experts model");
        // FSDP of experts is refused in the option's words, not as "no valid layout ... (column fsdp ...)".
        cli.clear();
        assertThat(cli.run("plan-llm", "--model", "mixtral-8x7b", "--global-batch", "64", "--gpus", "16",
                "--hardware", "dgx-h100", "--fsdp")).isEqualTo(2);
        assertThat(cli.err()).contains("--fsdp of a mixture-of-experts model is not modelled; --distributed-optimizer "
                + "is").doesNotContain("column fsdp");
    }

    @Test
    void aCapacityFactorNeedsAMixtureOfExpertsAndTheJsonSaysIt() throws Exception {
        assertThat(cli.run("plan-llm", "--model", "llama3-8b", "--global-batch", "64", "--gpus", "8", "--hardware",
                "dgx-h100", "--expert-capacity-factor", "1")).isEqualTo(2);
        assertThat(cli.err()).contains("--expert-capacity-factor needs a mixture-of-experts model");
        cli.clear();
        assertThat(cli.run("plan-llm", "--model", "qwen3-30b-a3b", "--global-batch", "512", "--gpus", "16",
                "--hardware", "dgx-h100", "--expert-capacity-factor", "0")).isEqualTo(2);
        assertThat(cli.err()).contains("--expert-capacity-factor must be a positive number, was 0.0");
        String[] base = {"plan-llm", "--model", "qwen3-30b-a3b", "--global-batch", "512", "--gpus", "16",
                "--hardware", "dgx-h100", "--precision", "fp8", "--flash-attention", "--distributed-optimizer",
                "--expert-parallel", "8", "--top", "1", "--json"};
        JsonNode dropping = plan(concat(base, "--expert-capacity-factor", "1"));
        JsonNode dropless = plan(base);
        assertThat(dropping.get("expert_capacity_factor").asDouble()).isEqualTo(1.0);
        assertThat(dropless.get("expert_capacity_factor").isNull()).isTrue();
        // At factor 1 the balanced work is the same; the host no longer waits for the device once per layer.
        assertThat(dropping.get("layouts").get(0).get("iteration_s").asDouble())
                .isLessThan(dropless.get("layouts").get(0).get("iteration_s").asDouble());
    }

    @Test
    void whenNoLayoutFitsAMixtureOfExpertsIsToldOfExpertParallelismNotOfFsdp() {
        // Mixtral 8x7B on one DGX H100: no layout fits. FSDP of experts is refused, so suggesting it was a dead end,
        // and expert parallelism, which splits the experts' state, went unmentioned.
        assertThat(cli.run("plan-llm", "--model", "mixtral-8x7b", "--global-batch", "64", "--gpus", "8",
                "--hardware", "dgx-h100", "--flash-attention")).isEqualTo(1);
        assertThat(cli.err()).contains("no layout of 8 GPUs fits", "--expert-parallel auto (the experts' weights")
                .doesNotContain("--fsdp");
        cli.clear();
        assertThat(cli.run("plan-llm", "--model", "mixtral-8x7b", "--global-batch", "64", "--gpus", "8",
                "--hardware", "dgx-h100", "--flash-attention", "--distributed-optimizer", "--expert-parallel",
                "auto")).isEqualTo(1);
        // The experts are not split by tensor parallelism, so no "tensor x pipeline over at least N GPUs" count
        // (which multiplied the per-GPU state, experts included, by t x p) is offered.
        assertThat(cli.err()).contains("more GPUs: pipeline stages and expert parallelism split the experts' weights and "
                + "gradients, tensor parallelism does not")
                .doesNotContain("tensor x pipeline parallelism over at least");
        // The smallest layout is named with its expert parallelism, and nothing suggests what was already searched.
        assertThat(cli.err()).containsPattern("the smallest, tp \\d+ ep \\d+ pp ")
                .doesNotContain("--fsdp", "--expert-parallel auto");
    }

    @Test
    void thePlanSaysWhichExpertOptionsItTook() throws Exception {
        String[] base = {"plan-llm", "--model", "qwen3-30b-a3b", "--global-batch", "512", "--gpus", "16",
                "--hardware", "dgx-h100", "--precision", "fp8", "--flash-attention", "--distributed-optimizer",
                "--expert-parallel", "8", "--top", "1"};
        assertThat(cli.run(concat(base, "--overlap-expert-comm"))).as(cli.err()).isZero();
        assertThat(cli.out().lines().findFirst().orElseThrow())
                .contains("expert parallel 8, expert all-to-alls overlapped");
        // The MFU line names the count a MoE model's FLOPs follow, not the dense eq. 3.
        assertThat(cli.out()).contains("MFU = model FLOPs (Megatron-Bridge's count for mixture-of-experts layers")
                .doesNotContain("eq. 3");
        cli.clear();
        assertThat(cli.run(base)).as(cli.err()).isZero();
        assertThat(cli.out().lines().findFirst().orElseThrow()).contains("expert parallel 8")
                .doesNotContain("overlapped");

        JsonNode overlapped = plan(concat(base, "--overlap-expert-comm", "--json"));
        JsonNode exposed = plan(concat(base, "--json"));
        assertThat(overlapped.get("expert_parallel").asInt()).isEqualTo(8);
        assertThat(overlapped.get("expert_overlap").asBoolean()).isTrue();
        assertThat(exposed.get("expert_overlap").asBoolean()).isFalse();
        assertThat(overlapped.get("layouts").get(0).get("iteration_s").asDouble())
                .isLessThan(exposed.get("layouts").get(0).get("iteration_s").asDouble());

        String[] auto = base.clone();
        auto[auto.length - 3] = "auto";
        assertThat(plan(concat(auto, "--json")).get("expert_parallel").asText()).isEqualTo("auto");
        // A dense model's plan keeps its fields as they were.
        JsonNode dense = plan(new String[] {"plan-llm", "--model", "llama3-8b", "--global-batch", "64", "--gpus", "8",
                "--hardware", "dgx-h100", "--top", "1", "--json"});
        assertThat(dense.has("expert_parallel")).isFalse();
        assertThat(dense.has("expert_overlap")).isFalse();
        assertThat(dense.has("expert_capacity_factor")).isFalse();
    }

    private JsonNode plan(String[] args) throws Exception {
        cli.clear();
        assertThat(cli.run(args)).as(cli.err()).isZero();
        return JSON.readTree(cli.out());
    }

    private static String[] concat(String[] a, String... b) {
        String[] out = java.util.Arrays.copyOf(a, a.length + b.length);
        System.arraycopy(b, 0, out, a.length, b.length);
        return out;
    }
}
