package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * An answer carried to hardware the training rows never ran on says what it rests on: {@code overhead-transfer}
 * fitted on Lambda Labs' single-GPU A100 80GB SXM4 rows (docs/examples/lambda-pytorch-1gpu.csv; lambdal/deeplearning-
 * benchmark@0551cb70) and asked over {@code POST /v1/predict} about an H100 SXM5 gives {@code basis}, the A100 and the
 * speed ratio; asked about the A100 itself, none.
 */
class ServeBasisTest {
    @TempDir
    Path dir;

    private static String body(String hardware) {
        return "{\"predictor\": \"a100-transfer\", \"target\": \"throughput\", \"config\": {\"model\": \"ResNet-50\", "
                + "\"architecture\": \"allreduce\", \"workers\": 1, \"nodes\": 1, \"hardware\": \"" + hardware
                + "\", \"local_batch\": 640, \"precision\": \"fp32\", \"framework\": \"pytorch\"}}";
    }

    @Test
    void anAnswerCarriedToAnotherGpuNamesTheGpuItCameFrom() throws Exception {
        List<String> a100 = Files.readAllLines(ServeFixture.examples().resolve("lambda-pytorch-1gpu.csv")).stream()
                .filter(l -> l.startsWith("model,") || l.contains(",A100 80GB SXM4,")).toList();
        Path train = Files.write(dir.resolve("a100.csv"), a100);
        Path models = Files.createDirectories(dir.resolve("models"));
        ServeFixture.cli("fit", "--predictor", "overhead-transfer", "--train", train.toString(), "--save",
                models.resolve("a100-transfer.json").toString());
        Answers answers = new Answers(ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models)),
                ServeFixture.JSON);

        JsonNode h100 = answers.predict(ServeFixture.JSON.readTree(body("H100 80GB SXM5")));
        assertThat(h100.get("value").asDouble()).as(h100.toString()).isPositive();
        assertThat(h100.get("basis").asText()).as(h100.toString())
                .startsWith("single-GPU step carried to ").contains("(H100-SXM5-80GB) from ", "(A100-SXM4-80GB) times ",
                        "at the tf32 peaks");

        JsonNode own = answers.predict(ServeFixture.JSON.readTree(body("A100 80GB SXM4")));
        assertThat(own.get("value").asDouble()).as(own.toString()).isPositive();
        assertThat(own.has("basis")).as(own.toString()).isFalse();
    }
}
