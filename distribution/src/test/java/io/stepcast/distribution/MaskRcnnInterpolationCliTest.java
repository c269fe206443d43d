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
 * A published table no predictor was tuned to: DeepLearningExamples' Mask R-CNN on DGX-1 with V100 16 and 32 GB, FP32
 * and mixed precision, 1, 4 and 8 GPUs ({@code docs/examples/maskrcnn-dgx1-*.csv}; NVIDIA/DeepLearningExamples@d29920a,
 * {@code PyTorch/Segmentation/MaskRCNN/README.md}, "Training Performance Results"). Fitted on 1 and 8 GPUs, every
 * physically-based predictor answers all eight 4-GPU rows and beats linear scaling on their throughput; the trees, which
 * answer a worker count between two measured ones with one of theirs, do not (the README's advice to measure densely),
 * and flag those answers as lying in a gap of their trained worker counts.
 */
class MaskRcnnInterpolationCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void thePhysicalFormsAnswerEveryHeldOutRowAndBeatLinearScaling(@TempDir Path out) throws IOException {
        CliSession cli = new CliSession();
        Path examples = Path.of("..", "docs", "examples");
        assertThat(cli.run("evaluate", "--train", examples.resolve("maskrcnn-dgx1-1and8-train.csv").toString(),
                "--test", examples.resolve("maskrcnn-dgx1-4-test.csv").toString(), "--targets", "throughput",
                "--predictors", "ernest,pollux-topo,hybrid,pollux,allreduce-analytic,simulation,mva,linear-scaling,cart",
                "--out", out.toString())).as(cli.err()).isZero();
        Map<String, JsonNode> entries = new HashMap<>();
        for (JsonNode e : JSON.readTree(out.resolve("results.json").toFile()).get("entries")) {
            entries.put(e.get("predictor").asText(), e);
        }
        double linear = entries.get("linear-scaling").get("mape").asDouble();
        assertThat(linear).isBetween(10.0, 12.0);
        for (String physical : List.of("ernest", "pollux-topo", "hybrid", "pollux", "allreduce-analytic", "simulation",
                "mva")) {
            assertThat(entries.get(physical).get("n").asInt()).as(physical).isEqualTo(8);
            assertThat(entries.get(physical).get("mape").asDouble()).as(physical).isLessThan(linear);
        }
        assertThat(entries.get("ernest").get("mape").asDouble()).isLessThan(5.0);
        assertThat(entries.get("cart").get("mape").asDouble()).isGreaterThan(50.0);
        // The trees' 4-GPU answers lie in a gap of the trained worker counts, and are flagged so; no physical form is.
        assertThat(entries.get("cart").get("extrapolated").asInt()).isEqualTo(8);
        assertThat(entries.get("ernest").get("extrapolated").asInt()).isZero();
        assertThat(cli.out()).contains("cart extrapolated 8 of 8 answered points: workers 4 lies between the trained"
                + " values 1 and 8");
    }
}
