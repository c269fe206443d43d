package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A user's file with two precisions of one model on one machine (real rows: NVIDIA DeepLearningExamples' ResNet-50
 * v1.5 for PyTorch, TF32 or FP32 beside mixed precision on a DGX A100 and two DGX-1; the embedded {@code
 * dle-resnet50-pytorch} source, whose README cites them, split in two files as a user would): the 8-GPU rows are
 * predicted from the 1-GPU row of their own precision. With the precision ignored, the two 1-GPU rows of a machine
 * fell into one group, and the physical predictors were 19-35% off on average, up to 122% on a row.
 */
class PrecisionTablesCliTest {
    private static final String SOURCE = "dle-resnet50-pytorch";
    private static final String FILE = "dle_resnet50v15_pytorch_2103.csv";
    private final CliSession cli = new CliSession();

    @Test
    void eachPrecisionIsPredictedFromItsOwnSingleGpuRow(@TempDir Path dir) throws Exception {
        Path train = TranscribedTableFiles.split(SOURCE, FILE, "workers", true, dir, "resnet50-pytorch-1gpu.csv");
        Path test = TranscribedTableFiles.split(SOURCE, FILE, "workers", false, dir, "resnet50-pytorch-8gpu.csv");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets", "throughput",
                "--predictors", "linear-scaling,allreduce-analytic,mva,simulation", "--out", out.toString()))
                .as(cli.err()).isZero();
        ResultsJson results = ResultsJson.of(out);
        for (String p : List.of("linear-scaling", "allreduce-analytic", "mva", "simulation")) {
            JsonNode e = results.entry(p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(6);
            // FP32/TF32 scale to 8 GPUs at 97% of linear, mixed precision at 84-87%; every physical predictor puts
            // the all-reduce almost entirely under the backward pass here, so it is 2-4% high on the first and
            // 14-19% high on the second (what the single-GPU rows cannot show: see the README's tables section).
            assertThat(e.get("max_ape").asDouble()).as(p).isLessThan(20.0);
            assertThat(e.get("mape").asDouble()).as(p).isBetween(7.0, 11.0);
        }
    }
}
