package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Objects;

import static io.stepcast.distribution.ResultsEntries.entry;
import static org.assertj.core.api.Assertions.assertThat;

/**
 * Users' files of LLM runs under FSDP or context parallelism with FlashAttention, end to end: the Megatron predictors fitted on vTrain's
 * real single-node GPT table (Megatron-LM, no FSDP, no Llama) and scored on published runs of two other frameworks,
 * each transcribed with its citation under {@code published/}:
 * <ul>
 *   <li>torchtitan's FSDP2 runs of Llama 2 13B/70B and Llama 3 70B on 64 A100 80 GB
 *       ({@code torchtitan-llama-fsdp-a100-0413364.csv});</li>
 *   <li>MosaicML llm-foundry's FSDP runs of MPT 125M to 70B on 8 to 128 A100 40/80 GB and on H100
 *       ({@code mpt-fsdp-a100-061f2c7.csv}, {@code mpt-fsdp-h100-061f2c7.csv});</li>
 *   <li>NVIDIA NeMo's context-parallel runs of Llama 2 7B at 4K to 1M tokens on 4 to 1,024 H100
 *       ({@code nemo-llama2-long-sequence-h100-9421f21.csv});</li>
 *   <li>NVIDIA NeMo's FP8 pre-training and SFT runs of Llama 2 7B to 70B and Nemotron-8B on 8 to 64 H100
 *       ({@code nemo-llama2-h100-070a0bb.csv}).</li>
 * </ul>
 * Nothing is fitted to them.
 */
class PublishedFsdpRunsCliTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    @TempDir
    static Path dir;
    private static Path single;

    private final CliSession cli = new CliSession();

    @BeforeAll
    static void importVtrain() {
        single = dir.resolve("single-node.parquet");
        CliSession setup = new CliSession();
        assertThat(setup.run("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(),
                "--hardware", "dgx-a100", "--out", single.toString())).as(setup.err()).isZero();
    }

    @Test
    void torchtitansLlamaRunsAreAnsweredByBothMegatronPredictors() throws Exception {
        JsonNode results = evaluate("torchtitan-llama-fsdp-a100-0413364.csv", "torchtitan");
        for (String predictor : new String[] {"megatron-analytic", "megatron-simulation"}) {
            JsonNode e = entry(results, predictor);
            assertThat(e.get("n").asInt()).as(predictor).isEqualTo(3);
            // 6.2% when written, the rows stating fused_kernels false (12.6% without: Megatron-LM's fused element-wise
            // kernels in place of torchtitan's eager ones); still a lower bound (the collectives' slowdown of compute is
            // not modelled), see TorchtitanLlamaTest; one stage, so the simulation charges what the closed form does.
            assertThat(e.get("mape").asDouble()).as(predictor).isBetween(3.0, 9.0);
        }
    }

    @Test
    void mosaicsMptRunsOnA100AreWithinTenPercentOnAverage() throws Exception {
        // 7.9% over 25 runs when written.
        JsonNode analytic = entry(evaluate("mpt-fsdp-a100-061f2c7.csv", "mpt-a100"), "megatron-analytic");
        assertThat(analytic.get("n").asInt()).isEqualTo(25);
        assertThat(analytic.get("mape").asDouble()).isLessThan(10.0);
    }

    @Test
    void onH100TheA100FittedConstantsComeOutFast() throws Exception {
        // The constants of vTrain's A100 runs carried to H100 (29.7% when written): every run is predicted too fast.
        // The rows state fused_kernels false, which changes nothing for MPT's bias-free, dropout-free block
        // (EagerKernels): its eager element-wise kernels do not explain the H100 gap.
        JsonNode analytic = entry(evaluate("mpt-fsdp-h100-061f2c7.csv", "mpt-h100"), "megatron-analytic");
        assertThat(analytic.get("n").asInt()).isEqualTo(15);
        assertThat(analytic.get("mape").asDouble()).isBetween(20.0, 45.0);
    }

    @Test
    void nemosContextParallelRunsFromFourThousandToAMillionTokensAreAnswered() throws Exception {
        // 6.6% over the 9 runs when written, every one fast (FlashAttention-2's best published rate on the H100).
        JsonNode results = evaluate("nemo-llama2-long-sequence-h100-9421f21.csv", "nemo-cp");
        for (String predictor : new String[] {"megatron-analytic", "megatron-simulation"}) {
            JsonNode e = entry(results, predictor);
            assertThat(e.get("n").asInt()).as(predictor).isEqualTo(9);
            assertThat(e.get("mape").asDouble()).as(predictor).isBetween(3.0, 10.0);
        }
    }

    @Test
    void nemosLlamaRunsOnH100AreWithinTenPercentOnAverage() throws Exception {
        // 9.2% over the 9 runs, two of them context-parallel, when written; 8.9% since the stage boundaries' sends
        // share the nodes' NICs (each sender at its own rail's NIC); with the vTrain A100 constants 9.1% since the
        // interleaved schedule's steady-state sends overlap compute (Llama 2 13B -0.3% -> -12.9%, 70B +9.9% -> +1.5%).
        JsonNode analytic = entry(evaluate("nemo-llama2-h100-070a0bb.csv", "nemo-llama"), "megatron-analytic");
        assertThat(analytic.get("n").asInt()).isEqualTo(9);
        assertThat(analytic.get("mape").asDouble()).isBetween(5.0, 12.0);
    }

    private JsonNode evaluate(String resource, String name) throws Exception {
        Path test = dir.resolve(resource);
        if (!Files.exists(test)) {
            try (InputStream in = Objects.requireNonNull(getClass().getResourceAsStream("/published/" + resource))) {
                Files.copy(in, test);
            }
        }
        Path out = dir.resolve(name);
        assertThat(cli.run("evaluate", "--train", single.toString(), "--test", test.toString(), "--predictors",
                "megatron-analytic,megatron-simulation", "--targets", "step-time", "--threads", "1", "--out",
                out.toString())).as(cli.err()).isZero();
        return new ObjectMapper().readTree(out.resolve("results.json").toFile());
    }
}
