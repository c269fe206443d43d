package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's file of Llama runs under FSDP with FlashAttention, end to end: the Megatron predictors fitted on vTrain's
 * real single-node GPT table (Megatron-LM, no FSDP, no Llama) and scored on torchtitan's published FSDP2 runs of
 * Llama 2 13B/70B and Llama 3 70B on 64 A100 80 GB GPUs (transcribed with its citation in
 * {@code published/torchtitan-llama-fsdp-a100-0413364.csv}). Nothing is fitted to the torchtitan rows.
 */
class TorchtitanFsdpCliTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    private final CliSession cli = new CliSession();

    @Test
    void megatronAnalyticAnswersEveryRunAndTheSimulationSaysWhyNot(@TempDir Path dir) throws Exception {
        Path single = dir.resolve("single-node.parquet");
        assertThat(cli.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware",
                "dgx-a100", "--out", single.toString())).as(cli.err()).isZero();
        Path test = dir.resolve("torchtitan.csv");
        try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream(
                "/published/torchtitan-llama-fsdp-a100-0413364.csv"))) {
            Files.copy(in, test);
        }
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", single.toString(), "--test", test.toString(), "--predictors",
                "megatron-analytic,megatron-simulation", "--targets", "step-time", "--threads", "1", "--out",
                out.toString())).as(cli.err()).isZero();
        JsonNode results = new ObjectMapper().readTree(out.resolve("results.json").toFile());
        JsonNode analytic = entry(results, "megatron-analytic");
        assertThat(analytic.get("n").asInt()).isEqualTo(3);
        // 13.5% when written: a lower bound (eager element-wise kernels and the collectives' slowdown of compute are
        // not modelled), see TorchtitanLlamaTest.
        assertThat(analytic.get("mape").asDouble()).isBetween(5.0, 15.0);
        assertThat(entry(results, "megatron-simulation").get("n").asInt()).isZero();
        assertThat(cli.out()).contains("not FSDP's gathers layer by layer (megatron-analytic answers fsdp)");
    }

    private static JsonNode entry(JsonNode results, String predictor) {
        for (JsonNode e : results.get("entries")) {
            if (e.get("predictor").asText().equals(predictor)) {
                return e;
            }
        }
        throw new AssertionError("no entry for " + predictor + " in " + results);
    }
}
