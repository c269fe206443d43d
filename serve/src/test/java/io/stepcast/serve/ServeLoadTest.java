package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Concurrent clients on the loopback address: 8 clients x 200 requests (predictions of three predictors, one
 * of them a saved model, and batch decisions, with a bad request mixed in), each answer checked against the in-process answer for the
 * same body. Bounded in count and time (every request has a 30 s timeout, the whole run 5 minutes); asserts no
 * timing.
 */
class ServeLoadTest {
    private static final int CLIENTS = 8;
    private static final int REQUESTS = 200;

    @Test
    void everyConcurrentAnswerEqualsTheInProcessAnswer(@TempDir Path dir) throws Exception {
        try (ServeFixture serve = new ServeFixture(dir, Set.of("courier-forest-compact", "mva"))) {
            Answers inProcess = new Answers(serve.predictors(), ServeFixture.JSON);
            List<Request> requests = requests(inProcess);
            ExecutorService pool = Executors.newFixedThreadPool(CLIENTS);
            try {
                List<Future<Integer>> clients = new ArrayList<>();
                for (int c = 0; c < CLIENTS; c++) {
                    int client = c;
                    clients.add(pool.submit(() -> {
                        int checked = 0;
                        for (int i = 0; i < REQUESTS; i++) {
                            Request r = requests.get((client * 31 + i) % requests.size());
                            HttpResponse<String> answer = serve.post(r.path(), r.body());
                            assertThat(answer.statusCode()).as(r.body()).isEqualTo(r.status());
                            assertThat(ServeFixture.json(answer)).as(r.body()).isEqualTo(r.expected());
                            checked++;
                        }
                        return checked;
                    }));
                }
                int total = 0;
                for (Future<Integer> f : clients) {
                    total += f.get(5, TimeUnit.MINUTES);
                }
                assertThat(total).isEqualTo(CLIENTS * REQUESTS);
            } finally {
                pool.shutdownNow();
            }
            String metrics = serve.get("/metrics").body();
            assertThat(metrics).contains("route=\"/v1/predict\"").contains("route=\"/v1/select-batch\"");
        }
    }

    /** A request, its expected status and answer. */
    private record Request(String path, String body, int status, JsonNode expected) {
    }

    private static List<Request> requests(Answers inProcess) throws Exception {
        List<Request> out = new ArrayList<>();
        for (String net : new String[] {"lenet5", "mlp"}) {
            for (int workers : new int[] {1, 2, 4, 8}) {
                for (int tenants : new int[] {1, 2, 4}) {
                    for (String target : new String[] {"response-time", "accuracy"}) {
                        String body = "{\"predictor\": \"courier-forest-compact\", \"target\": \"" + target
                                + "\", \"config\": {\"model\": \"" + net + "\", \"architecture\": \"ALLREDUCE\", "
                                + "\"workers\": " + workers + ", \"nodes\": " + Math.min(workers, 3) + ", \"tenants\": "
                                + tenants + ", \"local_batch\": " + (256 / workers) + ", \"framework\": \"bigdl\", "
                                + "\"hardware\": \"gce\"}}";
                        out.add(new Request("/v1/predict", body, 200,
                                inProcess.predict(ServeFixture.JSON.readTree(body))));
                    }
                }
                for (int slo : new int[] {60, 200, 412}) {
                    String body = "{\"slo_s\": " + slo + ", \"cpu\": " + workers + ", \"njobs\": 2, \"network\": \""
                            + net + "\", \"predictor\": \"courier-forest-compact\"}";
                    out.add(new Request("/v1/select-batch", body, 200,
                            inProcess.selectBatch(ServeFixture.JSON.readTree(body))));
                }
            }
        }
        for (int workers : new int[] {1, 2, 4, 8, 16}) {
            for (String predictor : new String[] {"mva", "k80-ernest"}) {
                String body = "{\"predictor\": \"" + predictor + "\", \"target\": \"throughput\", \"config\": {"
                        + "\"model\": \"ResNet-50\", \"architecture\": \"SYNC_PS\", \"workers\": " + workers
                        + ", \"gpus_per_node\": 8, \"local_batch\": 64, \"parameter_servers\": 1, \"bandwidth_gbps\":"
                        + " 10, \"hardware\": \"K80\"}}";
                out.add(new Request("/v1/predict", body, 200, inProcess.predict(ServeFixture.JSON.readTree(body))));
            }
        }
        ObjectNode missing = ServeFixture.JSON.createObjectNode().put("error", "field 'target' is missing");
        out.add(new Request("/v1/predict", "{\"predictor\": \"mva\", \"config\": {}}", 400, missing));
        return out;
    }
}
