package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A request's {@code context_parallel} reaches {@code megatron-analytic} (answering from its published constants)
 * over {@code POST /v1/predict}, and a value the layout cannot take is a 400 naming the field. The layouts asked are
 * synthetic: Llama 3 8B at 16K tokens, two replicas of four tensor-parallel GPUs on DGX A100 80 GB nodes.
 */
class ServeContextParallelTest {
    @TempDir
    Path dir;

    private static String request(String extra) {
        return "{\"predictor\": \"megatron-analytic\", \"target\": \"step-time\", \"config\": {\"model\": "
                + "\"llama3-8b\", \"sequence_length\": 16384, \"architecture\": \"allreduce\", \"workers\": 2, "
                + "\"global_batch\": 8, \"tensor_parallel\": 4, \"micro_batch\": 1, \"precision\": \"bf16\", "
                + "\"distributed_optimizer\": true, \"hardware\": \"dgx-a100-80gb\"" + extra + "}}";
    }

    @Test
    void aContextParallelRequestIsAnsweredOnItsOwnGpusAndABadOneIsA400NamingTheField() throws Exception {
        try (ServeFixture serve = new ServeFixture(dir, Set.of("megatron-analytic"))) {
            HttpResponse<String> one = serve.post("/v1/predict", request(", \"flash_attention\": true"));
            HttpResponse<String> two = serve.post("/v1/predict",
                    request(", \"flash_attention\": true, \"context_parallel\": 2"));
            assertThat(one.statusCode()).as(one.body()).isEqualTo(200);
            assertThat(two.statusCode()).as(two.body()).isEqualTo(200);
            JsonNode whole = ServeFixture.JSON.readTree(one.body());
            JsonNode split = ServeFixture.JSON.readTree(two.body());
            // Each of the two context ranks runs half of every sequence: the same batch on twice the GPUs takes less
            // time, and each GPU stores the activations of half the tokens.
            assertThat(split.get("value").asDouble()).as(two.body()).isLessThan(whole.get("value").asDouble());
            assertThat(split.get("peak_memory_bytes").asDouble())
                    .isLessThan(whole.get("peak_memory_bytes").asDouble());
            // Written as a string, as a CSV cell would be, it is read the same.
            HttpResponse<String> text = serve.post("/v1/predict",
                    request(", \"flash_attention\": true, \"context_parallel\": \"2\""));
            assertThat(ServeFixture.JSON.readTree(text.body()).get("value").asDouble())
                    .isEqualTo(split.get("value").asDouble());

            assertBadRequest(serve.post("/v1/predict", request(", \"flash_attention\": true, \"context_parallel\": 0")),
                    "field 'config.context_parallel' must be at least 1, was 0");
            assertBadRequest(serve.post("/v1/predict",
                    request(", \"flash_attention\": false, \"context_parallel\": 2")),
                    "field 'config.context_parallel' is 2 but field 'config.flash_attention' is false");
            assertBadRequest(serve.post("/v1/predict", request(", \"context_parallel\": 2")),
                    "field 'config.context_parallel' is 2 but field 'config.flash_attention' is not stated");
            // An empty string is no integer (a blank CSV cell's default is a field left out, or null, in JSON).
            assertBadRequest(serve.post("/v1/predict",
                    request(", \"flash_attention\": true, \"context_parallel\": \"\"")),
                    "field 'config.context_parallel' is an empty string; leave it out (or null) for its default");
            assertThat(serve.post("/v1/predict", request(", \"flash_attention\": true, \"context_parallel\": null"))
                    .statusCode()).isEqualTo(200);
        }
    }

    @Test
    void aLayoutThePredictorRefusesIsNotApplicableNamingTheRequestsFields() throws Exception {
        try (ServeFixture serve = new ServeFixture(dir, Set.of("megatron-analytic"))) {
            // Llama 3 8B's 32 layers split into neither 2 x 3 chunks nor 32 + 2 (Megatron-LM's refusal).
            HttpResponse<String> r = serve.post("/v1/predict",
                    request(", \"flash_attention\": true, \"pipeline_parallel\": 2, \"virtual_stages\": 3"));
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(ServeFixture.JSON.readTree(r.body()).get("not_applicable").asText())
                    .startsWith("field 'config.virtual_stages': the 32 layers do not divide into pipeline_parallel x "
                            + "virtual_stages = 2 x 3 chunks");
        }
    }

    private static void assertBadRequest(HttpResponse<String> r, String fragment) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(400);
        assertThat(ServeFixture.JSON.readTree(r.body()).get("error").asText()).contains(fragment);
    }
}
