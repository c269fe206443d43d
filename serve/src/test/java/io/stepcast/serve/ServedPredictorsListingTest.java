package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Provenance;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.StepcastPlugin;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * {@code GET /v1/predictors} lists what answers, each with the targets it answers: an estimator that start-up
 * reports as not served (it could not be fitted on any embedded table) is not listed, and one that could be fitted
 * on only one table is listed with that table's targets alone.
 */
class ServedPredictorsListingTest {
    @TempDir
    Path dir;

    @Test
    void anEstimatorThatFitsNoTableIsNeitherListedNorServed() throws Exception {
        // collective-alpha-beta needs timed collective calls, which no embedded table has, and has no published
        // constants to answer from.
        try (ServeFixture serve = new ServeFixture(dir, Set.of("mva", "collective-alpha-beta"))) {
            assertThat(serve.predictors().notes()).anyMatch(n -> n.startsWith("collective-alpha-beta not fitted on tf-benchmarks: "));
            HttpResponse<String> r = serve.get("/v1/predictors");
            assertThat(r.statusCode()).isEqualTo(200);
            JsonNode rows = ServeFixture.JSON.readTree(r.body());
            List<String> names = new ArrayList<>();
            rows.forEach(row -> names.add(row.get("name").asText()));
            assertThat(names).containsExactly("mva", "k80-ernest");
            assertThat(rows.get(0).get("targets").toString()).isEqualTo("[\"step-time\",\"throughput\"]");

            HttpResponse<String> refused = serve.post("/v1/predict", "{\"predictor\": \"collective-alpha-beta\", "
                    + "\"target\": \"step-time\", \"config\": {\"model\": \"resnet50\", \"architecture\": "
                    + "\"allreduce\", \"workers\": 2, \"local_batch\": 32}}");
            assertThat(refused.statusCode()).isEqualTo(404);
            assertThat(ServeFixture.JSON.readTree(refused.body()).get("error").asText())
                    .startsWith("predictor 'collective-alpha-beta' is not served: it could not be fitted "
                            + "(collective-alpha-beta not fitted on tf-benchmarks: ");
        }
    }

    @Test
    void aMegatronPredictorWithoutTransformerRowsAnswersFromItsPublishedConstants() throws Exception {
        // No embedded table has transformer rows; megatron-analytic answers from the constants fitted on vTrain's
        // A100 runs, as plan-llm does, and says so. GPT-3's shape on 64 nodes of DGX A100 (TP 8, PP 16, DP 4).
        try (ServeFixture serve = new ServeFixture(dir, Set.of("megatron-analytic"))) {
            assertThat(serve.predictors().notes()).anyMatch(n -> n.startsWith("megatron-analytic answers from its "
                    + "published constants (efficiency=vtrain-a100), without an interval"));
            HttpResponse<String> r = serve.post("/v1/predict", "{\"predictor\": \"megatron-analytic\", \"target\": "
                    + "\"step-time\", \"config\": {\"model\": \"gpt-l96-h12288-a96-s2048-v51200\", \"architecture\": "
                    + "\"allreduce\", \"workers\": 4, \"global_batch\": 1536, \"tensor_parallel\": 8, "
                    + "\"pipeline_parallel\": 16, \"micro_batch\": 1, \"gpus_per_node\": 8, \"recompute\": \"full\", "
                    + "\"hardware\": \"dgx-a100\"}}");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            JsonNode answer = ServeFixture.JSON.readTree(r.body());
            assertThat(answer.has("value")).as(r.body()).isTrue();
            // Narayanan et al. (SC'21) report about 140 TFLOP/s per GPU for this model at 1,024-3,072 GPUs; an
            // iteration of 1,536 sequences then takes tens of seconds.
            assertThat(answer.get("value").asDouble()).isBetween(10.0, 100.0);
        }
    }

    @Test
    void anEstimatorFittedOnOneTableIsListedWithThatTablesTargetsOnly() throws Exception {
        PluginRegistry registry = PluginRegistry.of(List.of(new ThroughputOnlyPlugin()));
        ServedPredictors served = ServedPredictors.load(registry, name -> true, Optional.empty());
        assertThat(served.listing()).singleElement().satisfies(row -> {
            assertThat(row.get("name")).isEqualTo(ThroughputOnly.NAME);
            assertThat(row.get("targets")).isEqualTo(List.of("throughput"));
        });
        assertThat(served.notes()).singleElement().asString()
                .isEqualTo(ThroughputOnly.NAME + " not fitted on courier: synthetic: no throughput rows");
        assertThatThrownBy(() -> served.get(ThroughputOnly.NAME, Target.RESPONSE_TIME))
                .isInstanceOf(ApiException.class).hasMessageContaining("does not answer response-time (it answers throughput)");
        assertThat(served.get(ThroughputOnly.NAME, Target.THROUGHPUT)).isNotNull();
    }

    /** Registers {@link ThroughputOnly}. */
    private static final class ThroughputOnlyPlugin extends StepcastPlugin {
        ThroughputOnlyPlugin() {
            super("synthetic-serve-test");
        }

        @Override
        protected void registerAll() {
            ThroughputOnly e = new ThroughputOnly();
            estimator(e);
            notPersistable(e.name(), "a test fixture that predicts a constant");
        }
    }

    /**
     * A synthetic estimator offering response time and throughput that fits only a table with throughput rows
     * (the TensorFlow benchmark table, not the Courier tables), predicting a constant 100.
     */
    private static final class ThroughputOnly implements Estimator {
        static final String NAME = "synthetic-throughput-only";

        public String name() {
            return NAME;
        }

        public String description() {
            return "synthetic test estimator";
        }

        public Set<Target> targets() {
            return Set.of(Target.RESPONSE_TIME, Target.THROUGHPUT);
        }

        public Map<String, String> hyperParameters() {
            return Map.of();
        }

        public Estimator withHyperParameters(Map<String, String> overrides) {
            return this;
        }

        public Predictor fit(TrainingSet t) {
            if (t.withTarget(Target.THROUGHPUT).isEmpty()) {
                throw new CannotFitException("synthetic: no throughput rows");
            }
            Provenance p = Provenance.of(this, t, 0);
            return new Predictor() {
                public Prediction predict(Config c, Target target) {
                    return Prediction.of(100);
                }

                public Set<Target> targets() {
                    return Set.of(Target.RESPONSE_TIME, Target.THROUGHPUT);
                }

                public Provenance provenance() {
                    return p;
                }
            };
        }
    }
}
