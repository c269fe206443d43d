package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request without {@code parameter_bytes} to a predictor served from a model file is sized as its training rows
 * sized the model, before the zoo: {@code allreduce-analytic} fitted on NVIDIA DeepLearningExamples' ML-20m NCF rows
 * (127 MB of gradients, stated; NVIDIA/DeepLearningExamples@05ee9863, PyTorch/Recommendation/NCF/README.md, the DGX
 * A100 40GB table's 1-GPU rows) answers a bare request as one stating those bytes, not as the zoo's 6.4 MB Pollux NCF.
 */
class ServeTrainedBytesTest {
    @TempDir
    Path dir;

    private static final String TRAIN = """
            model,architecture,workers,nodes,local_batch,hardware,framework,precision,throughput_samples_s,parameter_bytes
            NCF,ALLREDUCE,1,1,1048576,NVIDIA DGX A100 (8x A100 40GB),pytorch,tf32,22590000,127330308
            NCF,ALLREDUCE,1,1,1048576,NVIDIA DGX A100 (8x A100 40GB),pytorch,amp,34080000,127330308
            """;

    private static String body(String bytes) {
        return "{\"predictor\": \"ncf-allreduce\", \"target\": \"throughput\", \"config\": {\"model\": \"NCF\", "
                + "\"architecture\": \"allreduce\", \"workers\": 8, \"nodes\": 1, \"hardware\": \"dgx-a100\", "
                + "\"local_batch\": 131072, \"precision\": \"tf32\", \"framework\": \"pytorch\"" + bytes + "}}";
    }

    @Test
    void aBareRequestIsSizedAsTheTrainingRowsSizedItsModel() throws Exception {
        Path train = Files.writeString(dir.resolve("ncf.csv"), TRAIN);
        Path models = Files.createDirectories(dir.resolve("models"));
        ServeFixture.cli("fit", "--predictor", "allreduce-analytic", "--train", train.toString(), "--save",
                models.resolve("ncf-allreduce.json").toString());
        Answers answers = new Answers(ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models)),
                ServeFixture.JSON);
        JsonNode stated = answers.predict(ServeFixture.JSON.readTree(body(", \"parameter_bytes\": 127330308")));
        JsonNode bare = answers.predict(ServeFixture.JSON.readTree(body("")));
        JsonNode zoo = answers.predict(ServeFixture.JSON.readTree(body(", \"parameter_bytes\": 6400000")));
        assertThat(stated.get("value").asDouble()).as(stated.toString()).isPositive();
        assertThat(bare.get("value").asDouble()).as(bare.toString()).isEqualTo(stated.get("value").asDouble());
        // The zoo's size would be another answer: the check above can fail.
        assertThat(zoo.get("value").asDouble()).isNotEqualTo(stated.get("value").asDouble());
    }
}
