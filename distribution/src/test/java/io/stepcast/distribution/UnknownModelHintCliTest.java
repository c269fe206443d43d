package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model the zoo does not know, without the column {@code parameter_bytes}: the predictors that exchange its
 * gradients refuse it, and name the column and the zoo's closest models, through {@code fit} and {@code predict} as a
 * user runs them. Real rows: NVIDIA DeepLearningExamples' ELECTRA-base for TensorFlow 2 on a DGX A100 at TF32, 1 and
 * 8 GPUs ({@code electra-dle/*.csv} cite the commit and table); ELECTRA-base has BERT-base's shape, which the user
 * could only find by reading the zoo's document.
 */
class UnknownModelHintCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();

    @Test
    void anUnknownModelsRefusalNamesTheClosestZooModels(@TempDir Path dir) throws Exception {
        Path train = copy("train.csv", dir);
        Path test = copy("test.csv", dir);
        for (String predictor : List.of("mva", "simulation", "allreduce-analytic")) {
            CliSession cli = new CliSession();
            Path model = dir.resolve(predictor);
            assertThat(cli.run("fit", "--predictor", predictor, "--train", train.toString(), "--save",
                    model.toString())).as(cli.err()).isZero();
            cli.clear();
            assertThat(cli.run("predict", "--model", model.toString(), "--input", test.toString(), "--target",
                    "throughput", "--json")).as(cli.err()).isZero();
            String reason = JSON.readTree(cli.out()).get("predictions").get(0).get("not_applicable").asText();
            assertThat(reason).as(predictor).contains("ELECTRA-base", "are unknown",
                    "column parameter_bytes would give them", "model 'ELECTRA-base' is not in the zoo (closest: BERT-base");
        }
    }

    private static Path copy(String name, Path dir) throws IOException {
        try (InputStream in = UnknownModelHintCliTest.class.getResourceAsStream("/electra-dle/" + name)) {
            Path out = dir.resolve(name);
            Files.copy(in, out);
            return out;
        }
    }
}
