package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A learned predictor saved by {@code fit} on the real TensorFlow benchmark rows of docs/examples (ResNet-50 on K80s,
 * 1 and 8 GPUs), served over {@code POST /v1/predict}: a configuration past the trained workers is answered with an
 * {@code extrapolation} field saying why; one inside the range has none.
 */
class ServeExtrapolationTest {
    @TempDir
    Path dir;

    private static String body(int workers, int nodes) {
        return "{\"predictor\": \"k80-cart\", \"target\": \"throughput\", \"config\": {\"model\": \"ResNet-50\", "
                + "\"architecture\": \"sync_ps\", \"workers\": " + workers + ", \"nodes\": " + nodes
                + ", \"gpus_per_node\": 8, \"parameter_servers\": 1, \"colocated_ps\": true, \"bandwidth_gbps\": 10, "
                + "\"hardware\": \"K80\", \"local_batch\": 64, \"framework\": \"tensorflow\", \"dataset\": \"synthetic\"}}";
    }

    @Test
    void aConfigurationPastTheTrainedWorkersIsAnsweredAndFlagged() throws Exception {
        Path models = Files.createDirectories(dir.resolve("models"));
        ServeFixture.cli("fit", "--predictor", "cart", "--train",
                ServeFixture.examples().resolve("resnet50-k80-train.csv").toString(), "--save",
                models.resolve("k80-cart.json").toString());
        Answers answers = new Answers(ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models)),
                ServeFixture.JSON);

        JsonNode past = answers.predict(ServeFixture.JSON.readTree(body(64, 8)));
        assertThat(past.get("value").asDouble()).as(past.toString()).isPositive();
        assertThat(past.get("extrapolation").asText()).contains("workers 64 is outside the trained range 1-8");

        JsonNode inside = answers.predict(ServeFixture.JSON.readTree(body(8, 1)));
        assertThat(inside.get("value").asDouble()).as(inside.toString()).isPositive();
        assertThat(inside.has("extrapolation")).as(inside.toString()).isFalse();
    }
}
