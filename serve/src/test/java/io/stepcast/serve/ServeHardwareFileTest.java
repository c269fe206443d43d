package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code serve} built with a user's hardware file (docs/examples/mi300x-cluster.yaml, an 8 x MI300X node) answers a
 * request naming that file's system: {@code megatron-analytic}, from its published constants, costs the layout on the
 * file's GPU and compares its memory with the file's 192 GB. Without the file the same request names the unknown
 * label. The layout asked is synthetic: Llama 2 7B, two replicas of four tensor-parallel GPUs.
 */
class ServeHardwareFileTest {
    private static final String REQUEST = "{\"predictor\": \"megatron-analytic\", \"target\": \"step-time\", "
            + "\"config\": {\"model\": \"llama2-7b\", \"architecture\": \"allreduce\", \"workers\": 2, "
            + "\"global_batch\": 16, \"tensor_parallel\": 4, \"micro_batch\": 1, \"precision\": \"bf16\", "
            + "\"hardware\": \"mi300x-node\"}}";

    private static JsonNode post(PluginRegistry registry) throws Exception {
        ServedPredictors served = ServedPredictors.load(registry, "megatron-analytic"::equals, Optional.empty());
        StepcastServer server = StepcastServer.start(served, "127.0.0.1", 0);
        try {
            HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create("http://127.0.0.1:" + server.port()
                            + "/v1/predict")).timeout(Duration.ofSeconds(30)).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString(REQUEST)).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            return ServeFixture.JSON.readTree(r.body());
        } finally {
            server.close();
        }
    }

    @Test
    void aRequestNamingTheFilesSystemIsAnsweredOnItsGpus() throws Exception {
        Path file = ServeFixture.examples().resolve("mi300x-cluster.yaml");
        PluginRegistry registry = PluginRegistry.discover(ServeHardwareFileTest.class.getClassLoader(),
                List.of(new HardwareFile(file).module()));
        JsonNode answer = post(registry);
        assertThat(answer.get("value").asDouble()).as(answer.toString()).isPositive();
        // The file's MI300X holds 192 GB, more than any catalogued GPU (the H200's 141 GB).
        assertThat(answer.get("device_memory_bytes").asDouble()).as(answer.toString()).isGreaterThanOrEqualTo(192e9);
        assertThat(answer.get("fits").asBoolean()).isTrue();
        assertThat(answer.has("warnings") ? answer.get("warnings").toString() : "").doesNotContain("mi300x-node");

        JsonNode without = post(ServeFixture.REGISTRY);
        assertThat(without.has("value")).as(without.toString()).isFalse();
        assertThat(without.toString()).contains("mi300x-node");
    }
}
