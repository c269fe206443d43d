package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A published table of a model the zoo does not know, used as a new user would: DeepLearningExamples' nnU-Net for
 * PyTorch (2D and 3D U-Nets, DGX A100 80GB and DGX-1 32GB, TF32 or FP32 beside mixed precision, 1 and 8 GPUs at three
 * batches; {@code docs/examples/nnunet-dgx-*.csv}, NVIDIA/DeepLearningExamples@4da7bf28,
 * {@code PyTorch/Segmentation/nnUNet/README.md}, "Training performance results"), its gradient bytes counted from the
 * example's layer shapes. Nothing here is fitted to the held-out rows.
 */
class NnUnetTablesCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    private static Map<String, JsonNode> evaluate(CliSession cli, String train, String test, String predictors,
                                                  Path out) throws IOException {
        assertThat(cli.run("evaluate", "--train", EXAMPLES.resolve(train).toString(), "--test",
                EXAMPLES.resolve(test).toString(), "--targets", "throughput", "--predictors", predictors, "--out",
                out.toString())).as(cli.err()).isZero();
        Map<String, JsonNode> entries = new HashMap<>();
        for (JsonNode e : JSON.readTree(out.resolve("results.json").toFile()).get("entries")) {
            entries.put(e.get("predictor").asText(), e);
        }
        return entries;
    }

    /** From the 1-GPU rows alone, every 8-GPU row of both machines, models and precisions, no worse than linear. */
    @Test
    void theEightGpuRowsArePredictedFromTheOneGpuRows(@TempDir Path out) throws IOException {
        Map<String, JsonNode> e = evaluate(new CliSession(), "nnunet-dgx-1gpu-train.csv", "nnunet-dgx-8gpu-test.csv",
                "linear-scaling,allreduce-analytic,mva,simulation", out);
        double linear = e.get("linear-scaling").get("mape").asDouble();
        assertThat(linear).isBetween(3.0, 3.5);
        for (String p : List.of("allreduce-analytic", "mva", "simulation")) {
            assertThat(e.get(p).get("n").asInt()).as(p).isEqualTo(22);
            // 2.4-2.9% when written; the worst row, 14-15% high for all four, is the DGX-1's 2D U-Net at batch 32 in
            // mixed precision, which scales at 6.95 of 8.
            assertThat(e.get(p).get("mape").asDouble()).as(p).isLessThan(linear);
        }
    }

    /**
     * Carried from the DGX A100's rows to the DGX-1's, FP32 on the V100 is taken as the same code as TF32 on the
     * A100, compared by the two GPUs' FP32 figures (CrossMachinePrecision): the A100's TF32 tensor cores are not
     * credited, so the V100 comes out fast. Every FP32 row is predicted high (40-180% when written: the measured
     * A100-over-V100 ratios, 2.4 for the 2D U-Net and 4.7 for the 3D, lie between the FP32-peak ratio 1.7 and the
     * TF32-peak ratio 4.7), which the basis says, while the mixed-precision rows, compared by their FP16 figures, are
     * 5-21% low.
     */
    @Test
    void fp32OnAV100CarriedFromTf32OnAnA100IsAnOptimisticBound(@TempDir Path out) throws IOException {
        CliSession cli = new CliSession();
        Path model = out.resolve("ar.json");
        assertThat(cli.run("fit", "--predictor", "allreduce-analytic", "--train",
                EXAMPLES.resolve("nnunet-dgxa100-train.csv").toString(), "--save", model.toString()))
                .as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input",
                EXAMPLES.resolve("nnunet-dgx1-test.csv").toString(), "--json")).as(cli.err()).isZero();
        int fp32 = 0;
        int mixed = 0;
        for (JsonNode p : JSON.readTree(cli.out()).get("predictions")) {
            if (!p.get("target").asText().equals("throughput")) {
                continue;
            }
            double ratio = p.get("predicted").asDouble() / p.get("measured").asDouble();
            if (p.get("precision").asText().equals("fp32")) {
                assertThat(ratio).as("row %d", p.get("row").asInt()).isBetween(1.35, 2.9);
                // The answer says which way it leans.
                assertThat(p.get("basis").asText()).contains("at the fp32 peaks (an upper bound on V100-SXM2-32GB's"
                        + " speed: A100-SXM4-80GB's TF32 tensor cores are not credited)");
                fp32++;
            } else {
                assertThat(ratio).as("row %d", p.get("row").asInt()).isBetween(0.75, 1.0);
                mixed++;
            }
        }
        assertThat(fp32).isEqualTo(10);
        assertThat(mixed).isEqualTo(10);
    }
}
