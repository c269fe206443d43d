package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The closed forms and the hybrid over {@code pollux}, as the launcher wires them (the model zoo injected), on a
 * published table with 1 and 8 GPUs per model: {@code docs/examples/dgx1-p100-*}, the TensorFlow benchmark page's
 * DGX-1 P100 synthetic table (tensorflow/tensorflow commit 5984ffefd320c5d71b801ee06079a51b91ea42c0,
 * {@code tensorflow/docs_src/performance/benchmarks.md}). Every model has two rows, so every answer comes from a fit
 * pooled over the models of its architecture; the held-out 2- and 4-GPU rows are all answered.
 */
class PooledSmallTableCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void everyClosedFormAnswersTheHeldOutRowsOfItsArchitecture(@TempDir Path out) throws IOException {
        CliSession cli = new CliSession();
        Path examples = Path.of("..", "docs", "examples");
        assertThat(cli.run("evaluate", "--train", examples.resolve("dgx1-p100-1and8-train.csv").toString(),
                "--test", examples.resolve("dgx1-p100-2and4-test.csv").toString(),
                "--predictors", "ernest,optimus,pollux,pollux-topo,hybrid", "--out", out.toString()))
                .as(cli.err()).isZero();
        Map<String, JsonNode> throughput = new HashMap<>();
        for (JsonNode e : JSON.readTree(out.resolve("results.json").toFile()).get("entries")) {
            if (e.get("target").asText().equals("throughput")) {
                throughput.put(e.get("predictor").asText(), e);
            }
        }
        // Ten held-out rows: six parameter-server (InceptionV3, ResNet-50, ResNet-152), four all-reduce.
        Map<String, Integer> answered = Map.of("ernest", 10, "optimus", 6, "pollux", 4, "pollux-topo", 4, "hybrid", 4);
        answered.forEach((name, n) -> {
            assertThat(throughput).as(name).containsKey(name);
            assertThat(throughput.get(name).get("n").asInt()).as(name).isEqualTo(n);
        });
        assertThat(throughput.get("ernest").get("mape").asDouble()).isLessThan(5.0);
        assertThat(throughput.get("optimus").get("mape").asDouble()).isLessThan(5.0);
        assertThat(throughput.get("pollux-topo").get("mape").asDouble()).isLessThan(8.0);
        assertThat(throughput.get("pollux").get("mape").asDouble()).isLessThan(15.0);
        assertThat(throughput.get("hybrid").get("mape").asDouble()).isLessThan(15.0);
    }
}
