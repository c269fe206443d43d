package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.datasets.importers.GenericCsvImporter;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;

import static io.stepcast.serve.ServeFixture.json;
import static org.assertj.core.api.Assertions.assertThat;

/** Every endpoint and every error status of {@link StepcastServer}, over real HTTP on the loopback address. */
class StepcastServerTest {
    private static final String LENET = "{\"model\": \"lenet5\", \"architecture\": \"allreduce\", \"workers\": 2, "
            + "\"nodes\": 2, \"tenants\": 1, \"local_batch\": 64, \"framework\": \"bigdl\", \"dataset\": \"mnist\", "
            + "\"hardware\": \"gce\"}";

    @TempDir
    static Path dir;
    private static ServeFixture serve;

    @BeforeAll
    static void start() throws Exception {
        serve = new ServeFixture(dir);
    }

    @AfterAll
    static void stop() {
        serve.close();
    }

    @Test
    void healthIsOk() throws Exception {
        HttpResponse<String> r = serve.get("/v1/health");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(json(r)).isEqualTo(ServeFixture.JSON.readTree("{\"status\":\"ok\"}"));
    }

    @Test
    void predictorsAreListedAsTheCliListsThemThenTheSavedModel() throws Exception {
        JsonNode served = json(serve.get("/v1/predictors"));
        List<JsonNode> expected = new ArrayList<>();
        for (JsonNode row : ServeFixture.JSON.readTree(ServeFixture.cli("predictors", "list", "--json"))) {
            if (ServeFixture.SERVED.contains(row.get("name").asText())) {
                expected.add(row);
            }
        }
        assertThat(expected).hasSize(ServeFixture.SERVED.size());
        assertThat(served.size()).isEqualTo(expected.size() + 1);
        for (int i = 0; i < expected.size(); i++) {
            assertThat(served.get(i)).isEqualTo(expected.get(i));
        }
        JsonNode model = served.get(expected.size());
        assertThat(model.get("name").asText()).isEqualTo("k80-ernest");
        assertThat(model.get("module").asText()).isEqualTo("model file k80-ernest.model.json");
        assertThat(model.get("description").asText()).startsWith("ernest fitted on resnet50-k80-train.csv (4 observations)");
    }

    @Test
    void aPredictionEqualsTheInProcessOne() throws Exception {
        JsonNode a = json(serve.post("/v1/predict", "{\"predictor\": \"courier-forest-compact\", \"target\": "
                + "\"response-time\", \"config\": " + LENET + "}"));
        Config c = Config.builder().model("lenet5").architecture(Architecture.ALLREDUCE).workers(2).nodes(2)
                .tenants(1).localBatch(64).framework("bigdl").dataset("mnist").hardware("gce").build();
        double expected = serve.predictors().get("courier-forest-compact", Target.RESPONSE_TIME)
                .predict(c, Target.RESPONSE_TIME).asDouble().orElseThrow();
        assertThat(a.get("value").asDouble()).isEqualTo(expected);
        assertThat(expected).isPositive();
        assertThat(a.has("not_applicable")).isFalse();
    }

    @Test
    void aConfigurationNamingAZooModelGetsItsParameterBytesAsPredictGivesThem() {
        Config bare = Config.builder().model("ResNet-50").architecture(Architecture.ASYNC_PS).workers(8)
                .parameterServers(1).localBatch(64).hardware("K80").build();
        long zoo = new io.stepcast.datasets.zoo.ZooCatalog().get("ResNet-50").parameterBytes();
        assertThat(serve.predictors().completed(bare, "").workload().parameterBytes()).hasValue(zoo);
        Config given = bare.toBuilder().parameterBytes(123).build();
        assertThat(serve.predictors().completed(given, "")).isSameAs(given);
        Config unknown = bare.toBuilder().model("my-own-net").build();
        assertThat(serve.predictors().completed(unknown, "").workload().parameterBytes()).isEmpty();
    }

    @Test
    void aConfigurationsHardwareLabelIsReadInTheCatalogsWords() throws Exception {
        Config bare = Config.builder().model("ResNet-50").architecture(Architecture.SYNC_PS).workers(8)
                .parameterServers(1).localBatch(64).hardware("Tesla K80").build();
        assertThat(serve.predictors().completed(bare, "").deployment().hardware()).isEqualTo("K80");
        assertThat(serve.predictors().completed(bare.toBuilder().hardware("p3.16xlarge").build(), "").deployment()
                .hardware()).isEqualTo("aws-p3.16xlarge");
        assertThat(serve.predictors().completed(bare.toBuilder().hardware("my-own-box").build(), "").deployment()
                .hardware()).isEqualTo("my-own-box");
        // The saved ernest was fitted on rows labelled K80; asked about a Tesla K80 it answers as about a K80.
        String config = "{\"model\": \"ResNet-50\", \"architecture\": \"SYNC_PS\", \"workers\": 16, \"gpus_per_node\": 8,"
                + " \"local_batch\": 64, \"parameter_servers\": 1, \"colocated_ps\": true, \"bandwidth_gbps\": 10,"
                + " \"hardware\": \"%s\", \"framework\": \"tensorflow\"}";
        JsonNode tesla = json(serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": \"throughput\","
                + " \"config\": " + config.formatted("Tesla K80") + "}"));
        JsonNode k80 = json(serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": \"throughput\","
                + " \"config\": " + config.formatted("K80") + "}"));
        assertThat(tesla.has("value")).as(tesla.toString()).isTrue();
        assertThat(tesla).isEqualTo(k80);
    }

    @Test
    void numbersMayBeStringsAsInACsvCell() throws Exception {
        String asText = LENET.replace("\"workers\": 2", "\"workers\": \"2\"").replace("64", "\"64.0\"");
        JsonNode a = json(serve.post("/v1/predict", "{\"predictor\": \"courier-forest-compact\", \"target\": "
                + "\"accuracy\", \"config\": " + asText + "}"));
        JsonNode b = json(serve.post("/v1/predict", "{\"predictor\": \"courier-forest-compact\", \"target\": "
                + "\"ACCURACY\", \"config\": " + LENET + "}"));
        assertThat(a).isEqualTo(b);
        assertThat(a.get("value").asDouble()).isBetween(0.0, 1.0);
    }

    @Test
    void theSavedModelAnswersAsItsFileDoes() throws Exception {
        Predictor saved = SavedPredictors.load(ServeFixture.REGISTRY, serve.modelFile);
        for (int workers : new int[] {1, 2, 8, 16}) {
            String config = "{\"model\": \"ResNet-50\", \"architecture\": \"SYNC_PS\", \"workers\": " + workers
                    + ", \"gpus_per_node\": 8, \"local_batch\": 64, \"parameter_servers\": 1, \"colocated_ps\": true,"
                    + " \"bandwidth_gbps\": 10, \"hardware\": \"K80\", \"framework\": \"tensorflow\"}";
            HttpResponse<String> r = serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": "
                    + "\"throughput\", \"config\": " + config + "}");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            Config c = Config.builder().model("ResNet-50").architecture(Architecture.SYNC_PS).workers(workers)
                    .nodes((workers + 7) / 8).localBatch(64).parameterServers(1).colocatedPs(true).bandwidthGbps(10)
                    .hardware("K80").framework("tensorflow").build();
            var expected = saved.predict(c, Target.THROUGHPUT);
            assertThat(expected.isValue()).as(expected.toString()).isTrue();
            assertThat(json(r)).isEqualTo(new Answers(serve.predictors(), ServeFixture.JSON).encode(expected));
        }
    }

    @Test
    void aRefusalOfThePredictorIsAnAnswerNotAnError() throws Exception {
        // Ernest fitted on ResNet-50 rows knows nothing of another model.
        HttpResponse<String> r = serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": \"throughput\","
                + " \"config\": {\"model\": \"VGG16\", \"architecture\": \"SYNC_PS\", \"workers\": 2, "
                + "\"local_batch\": 32}}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r).get("not_applicable").asText()).isNotBlank();
        assertThat(json(r).has("value")).isFalse();
        assertThat(json(r).has("warnings")).isFalse();

        // A refusal over a mistyped label says which label the catalogs do not know, and the closest ones.
        HttpResponse<String> typo = serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": "
                + "\"throughput\", \"config\": {\"model\": \"ResNet-05\", \"architecture\": \"SYNC_PS\", "
                + "\"workers\": 2, \"local_batch\": 32, \"hardware\": \"K8O\"}}");
        assertThat(typo.statusCode()).as(typo.body()).isEqualTo(200);
        JsonNode warnings = json(typo).get("warnings");
        assertThat(warnings).as(typo.body()).isNotNull();
        assertThat(warnings.get(0).asText()).startsWith("hardware 'K8O' is not in the hardware catalog: did you mean");
        assertThat(warnings.get(1).asText()).startsWith("model 'ResNet-05' is not in the model zoo (closest: ResNet-");

        // A model the zoo refuses by name is warned about with the refusal, not with names that merely look alike.
        HttpResponse<String> deepseek = serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": "
                + "\"throughput\", \"config\": {\"model\": \"deepseek-ai/DeepSeek-V3\", \"architecture\": \"SYNC_PS\", "
                + "\"workers\": 2, \"local_batch\": 32}}");
        assertThat(deepseek.statusCode()).as(deepseek.body()).isEqualTo(200);
        assertThat(json(deepseek).get("warnings").get(0).asText()).as(deepseek.body())
                .startsWith("model 'deepseek-ai/DeepSeek-V3' is refused: DeepSeek-V3's multi-head latent attention")
                .doesNotContain("DeepSpeech2");
    }

    /**
     * A label with a GPU count is warned of as the user wrote it, in evaluate's words ("read as 'LambdaCloud V100
     * 16GB': its 4x is taken as the GPUs the run used"); it was warned of by the label left after the count, said to be
     * "kept as written", which the user never wrote.
     */
    @Test
    void aCountedLabelIsWarnedOfAsWrittenAndAsRead() throws Exception {
        HttpResponse<String> r = serve.post("/v1/predict", "{\"predictor\": \"k80-ernest\", \"target\": "
                + "\"throughput\", \"config\": {\"model\": \"ResNet-50\", \"architecture\": \"SYNC_PS\", "
                + "\"workers\": 4, \"local_batch\": 32, \"hardware\": \"LambdaCloud 4xV100 16GB\"}}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r).get("warnings")).as(r.body()).isNotNull();
        assertThat(json(r).get("warnings").get(0).asText())
                .startsWith("hardware 'LambdaCloud 4xV100 16GB' is not in the hardware catalog")
                .contains("read as 'LambdaCloud V100 16GB': its 4x is taken as the GPUs the run used")
                .doesNotContain("kept as written");
    }

    @Test
    void aPublishedModelGivenAnotherVocabularyIsWarnedOfInTheWordsOfTheCsvReader() throws Exception {
        // The CSV reader's note of the same row, less the line it names in a file.
        Path csv = Files.writeString(dir.resolve("llama-vocab.csv"), """
                model,architecture,workers,local_batch,step_time_s,fsdp,vocab_size
                llama3-8b,allreduce,8,1,3.9,true,32000
                """);
        List<String> notes = new GenericCsvImporter().read(csv).notes();
        assertThat(notes).singleElement().asString()
                .startsWith("line 2: model 'llama3-8b' has a vocabulary of 128256 where column vocab_size says 32000");
        String request = "{\"predictor\": \"linear-scaling\", \"target\": \"step-time\", \"config\": {"
                + "\"model\": \"llama3-8b\", \"architecture\": \"allreduce\", \"workers\": 8, \"local_batch\": 1, "
                + "\"fsdp\": true, \"vocab_size\": ";
        HttpResponse<String> r = serve.post("/v1/predict", request + "32000}}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        assertThat(json(r).get("warnings")).as(r.body()).isNotNull();
        assertThat(json(r).get("warnings")).extracting(JsonNode::asText)
                .containsExactly(notes.get(0).substring("line 2: ".length()));
        // The model's own vocabulary is the model named: nothing to say.
        HttpResponse<String> own = serve.post("/v1/predict", request + "128256}}");
        assertThat(own.statusCode()).as(own.body()).isEqualTo(200);
        assertThat(json(own).has("warnings")).as(own.body()).isFalse();
    }

    @Test
    void selectBatchAnswersTheSameJsonAsTheCli() throws Exception {
        for (String predictor : new String[] {"courier-forest-compact"}) {
            JsonNode cli = ServeFixture.JSON.readTree(ServeFixture.cli("select-batch", "--slo", "412", "--cpu", "2",
                    "--njobs", "1", "--network", "lenet5", "--predictor", predictor, "--json"));
            HttpResponse<String> r = serve.post("/v1/select-batch", "{\"slo_s\": 412, \"cpu\": 2, \"njobs\": 1, "
                    + "\"network\": \"lenet5\", \"predictor\": \"" + predictor + "\"}");
            assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
            assertThat(json(r)).as(predictor).isEqualTo(cli);
        }
        // Without a predictor, the CLI's default (courier-forest).
        JsonNode cli = ServeFixture.JSON.readTree(ServeFixture.cli("select-batch", "--slo", "300", "--cpu", "4",
                "--njobs", "2", "--network", "mlp", "--candidates", "64,256", "--json"));
        JsonNode served = json(serve.post("/v1/select-batch", "{\"slo_s\": 300, \"cpu\": 4, \"njobs\": 2, "
                + "\"network\": \"MLP\", \"candidates\": [64, 256]}"));
        assertThat(served).isEqualTo(cli);
        assertThat(served.get("predictor").asText()).isEqualTo("courier-forest");
        // No candidate is a multiple of 3 workers: the selector has no answer, and says why.
        assertError(serve.post("/v1/select-batch", "{\"slo_s\": 300, \"cpu\": 3, \"njobs\": 2, \"network\": "
                + "\"mlp\", \"candidates\": [64, 256], \"predictor\": \"courier-forest-compact\"}"), 400,
                "not a positive multiple of the 3 workers");
    }

    @Test
    void selectBatchTakesARegisteredSelectorByNameAndRefusesAnUnknownOneWith400() throws Exception {
        String job = "{\"slo_s\": 300, \"cpu\": 4, \"njobs\": 2, \"network\": \"lenet5\", "
                + "\"predictor\": \"courier-forest-compact\"";
        JsonNode byDefault = json(serve.post("/v1/select-batch", job + "}"));
        assertThat(json(serve.post("/v1/select-batch", job + ", \"selector\": \"courier\"}"))).isEqualTo(byDefault);
        HttpResponse<String> r = serve.post("/v1/select-batch", job + ", \"selector\": \"risk-aware\"}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode cli = ServeFixture.JSON.readTree(ServeFixture.cli("select-batch", "--slo", "300", "--cpu", "4",
                "--njobs", "2", "--network", "lenet5", "--predictor", "courier-forest-compact", "--selector",
                "risk-aware", "--json"));
        assertThat(json(r)).isEqualTo(cli);
        assertThat(json(r).get("risk").asDouble()).isEqualTo(0.05);
        assertError(serve.post("/v1/select-batch", job + ", \"selector\": \"no-such\"}"), 400,
                "field 'selector': no selector named 'no-such' (known: courier, risk-aware)");
        assertError(serve.post("/v1/select-batch", job + ", \"selector\": \"courier\", \"risk\": 0.1}"), 400,
                "field 'risk': selector courier: a risk level applies");
        assertError(serve.post("/v1/select-batch", job + ", \"selector\": 3}"), 400, "field 'selector'");
        // The server goes on answering.
        assertThat(json(serve.post("/v1/select-batch", job + "}"))).isEqualTo(byDefault);
    }

    @Test
    void selectBatchWithoutAnSloIsRefusedRatherThanCalledFeasible() throws Exception {
        // Before, the answer was 200 with feasible: true although no candidate had been judged against an SLO.
        assertError(serve.post("/v1/select-batch", "{\"cpu\": 4, \"njobs\": 2, \"network\": \"mlp\", "
                + "\"alpha\": 0.8, \"predictor\": \"courier-forest-compact\"}"), 400, "field 'slo_s' is missing");
    }

    @Test
    void badRequestsAre400NamingTheField() throws Exception {
        String ok = "{\"predictor\": \"courier-forest-compact\", \"target\": \"response-time\", \"config\": " + LENET
                + "}";
        assertError(serve.post("/v1/predict", "{\"predictor\": "), 400, "malformed JSON");
        assertError(serve.post("/v1/predict", ok + " {}"), 400, "malformed JSON");
        assertError(serve.post("/v1/predict", ""), 400, "body is empty");
        assertError(serve.post("/v1/predict", "[1, 2]"), 400, "body must be a JSON object");
        assertError(serve.post("/v1/predict", ok.replace("\"target\": \"response-time\", ", "")), 400,
                "field 'target' is missing");
        assertError(serve.post("/v1/predict", ok.replace("response-time", "latency")), 400, "field 'target'");
        assertError(serve.post("/v1/predict", ok.replace("response-time", "throughput")), 400,
                "does not answer throughput");
        assertError(serve.post("/v1/predict", ok.replace("\"workers\": 2", "\"workers\": 0")), 400,
                "field 'config.workers' must be at least 1");
        assertError(serve.post("/v1/predict", ok.replace("\"workers\": 2", "\"workers\": 2.5")), 400,
                "field 'config.workers' is not a whole number");
        assertError(serve.post("/v1/predict", ok.replace("\"workers\": 2", "\"workers\": 100000000000")), 400,
                "field 'config.workers' is out of range: '100000000000' is not in [-2147483648, 2147483647]");
        assertError(serve.post("/v1/predict", ok.replace("\"workers\": 2, ", "")), 400,
                "field 'config.workers' is missing");
        assertError(serve.post("/v1/predict", ok.replace("allreduce", "mesh")), 400, "field 'config.architecture'");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\"", "\"tenant\"")), 400,
                "field 'config.tenant' is not known: did you mean 'config.tenants'?");
        assertError(serve.post("/v1/predict", "{\"predictor\": \"linear-scaling\", \"target\": \"step-time\", "
                + "\"config\": {\"model\": \"ResNet-50\", \"architecture\": \"ALLREDUCE\", \"workers\": 16, "
                + "\"nodes\": 1, \"local_batch\": 64, \"hardware\": \"dgx-1-v100\"}}"), 400,
                "columns workers and nodes: 16 GPUs on 1 node(s) of dgx-1-v100 put 16 on one node, which has 8");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\": 1", "\"tenants\": 1, \"tensor_paralel\": 2")),
                400, "field 'config.tensor_paralel' is not known: did you mean 'config.tensor_parallel'?");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\": 1", "\"tenants\": 1, \"intra_node_gbps\": 0")),
                400, "field 'config.intra_node_gbps' must be positive");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\": 1", "\"tenants\": 1, \"fsdp\": \"yes\"")),
                400, "field 'config.fsdp' must be true or false, was 'yes'");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\": 1", "\"tenants\": 1, \"flash_attention\": 2")),
                400, "field 'config.flash_attention' must be true or false, was '2'");
        assertError(serve.post("/v1/predict", ok.replace("\"tenants\": 1", "\"tenants\": [1]")), 400,
                "field 'config.tenants' must be a number, string or boolean");
        assertError(serve.post("/v1/predict", ok.replace("{\"predictor\"", "{\"extra\": 1, \"predictor\"")), 400,
                "field 'extra' is not known");
        assertError(serve.post("/v1/predict", "{\"predictor\": \"mva\", \"predictor\": \"mva\"}"), 400,
                "malformed JSON");
        String job = "{\"slo_s\": 300, \"cpu\": 2, \"njobs\": 1, \"network\": \"lenet5\"}";
        assertError(serve.post("/v1/select-batch", job.replace("\"cpu\": 2", "\"cpu\": 0")), 400, "field 'cpu'");
        assertError(serve.post("/v1/select-batch", job.replace("300", "-1")), 400,
                "field 'slo_s' must be greater than 0, was -1");
        assertError(serve.post("/v1/select-batch", job.replace("300", "\"soon\"")), 400, "field 'slo_s'");
        assertError(serve.post("/v1/select-batch", job.replace("\"njobs\": 1, ", "")), 400,
                "field 'njobs' is missing");
        assertError(serve.post("/v1/select-batch", job.replace("lenet5", "resnet")), 400, "field 'network'");
        assertError(serve.post("/v1/select-batch", job.replace("}", ", \"alpha\": 2}")), 400, "field 'alpha'");
        assertError(serve.post("/v1/select-batch", job.replace("}", ", \"candidates\": [64, -1]}")), 400,
                "field 'candidates'");
        assertError(serve.post("/v1/select-batch", job.replace("}", ", \"risk\": 0}")), 400, "field 'risk'");
        assertError(serve.post("/v1/select-batch", job.replace("}", ", \"predictor\": \"mva\"}")), 400,
                "does not answer response-time");
        assertThat(serve.get("/v1/health").statusCode()).isEqualTo(200);
    }

    @Test
    void unknownPredictorsModelsAndPathsAre404() throws Exception {
        assertError(serve.post("/v1/predict", "{\"predictor\": \"no-such\", \"target\": \"throughput\", \"config\": "
                + LENET + "}"), 404, "no predictor or model named 'no-such'");
        assertError(serve.post("/v1/select-batch", "{\"slo_s\": 300, \"cpu\": 2, \"njobs\": 1, \"network\": \"mlp\", "
                + "\"predictor\": \"k80-mv\"}"), 404, "'k80-mv'");
        HttpResponse<String> r = serve.get("/v1/nothing-here");
        assertThat(r.statusCode()).isEqualTo(404);
        assertThat(json(r).get("error").asText()).isNotBlank();
    }

    @Test
    void aBodyOverOneMebibyteIs413AndTheServerGoesOn() throws Exception {
        long over = StepcastServer.MAX_BODY_BYTES + 1;
        for (String path : List.of("/v1/predict", "/v1/select-batch")) {
            ServeFixture.RawResponse r = serve.postAnnouncing(path, over);
            assertThat(r.status()).as(r.body()).isEqualTo(413);
            assertThat(r.contentType()).startsWith("application/json");
            assertThat(ServeFixture.JSON.readTree(r.body()).get("error").asText())
                    .contains("larger than 1048576 bytes");
        }
        assertThat(serve.get("/v1/health").statusCode()).isEqualTo(200);
    }

    @Test
    void riskAwareSelectionJudgesTheUpperBoundsAndAnswersAsTheCli() throws Exception {
        String predictor = "courier-forest-compact";
        JsonNode cli = ServeFixture.JSON.readTree(ServeFixture.cli("select-batch", "--slo", "412", "--cpu", "2",
                "--njobs", "1", "--network", "lenet5", "--predictor", predictor, "--risk", "0.05", "--json"));
        HttpResponse<String> r = serve.post("/v1/select-batch", "{\"slo_s\": 412, \"cpu\": 2, \"njobs\": 1, "
                + "\"network\": \"lenet5\", \"predictor\": \"" + predictor + "\", \"risk\": 0.05}");
        assertThat(r.statusCode()).as(r.body()).isEqualTo(200);
        JsonNode served = json(r);
        assertThat(served).isEqualTo(cli);
        assertThat(served.get("risk").asDouble()).isEqualTo(0.05);
        for (JsonNode c : served.get("candidates")) {
            assertThat(c.get("upper_s").asDouble()).isGreaterThan(c.get("time_s").asDouble());
            assertThat(c.get("meets_slo").asBoolean()).isEqualTo(c.get("upper_s").asDouble() < 412);
        }
        if (served.get("feasible").asBoolean()) {
            for (JsonNode c : served.get("candidates")) {
                if (c.get("batch").asInt() == served.get("batch").asInt()) {
                    assertThat(c.get("upper_s").asDouble()).isLessThan(412);
                }
            }
        }
        assertError(serve.post("/v1/select-batch", "{\"slo_s\": 412, \"cpu\": 2, \"njobs\": 1, \"network\": "
                + "\"lenet5\", \"risk\": 1}"), 400, "field 'risk'");
    }

    @Test
    void aBuiltInPredictionCarriesItsCalibratedIntervalAndCoverage() throws Exception {
        JsonNode a = json(serve.post("/v1/predict", "{\"predictor\": \"courier-forest-compact\", \"target\": "
                + "\"response-time\", \"config\": " + LENET + "}"));
        assertThat(a.get("coverage").asDouble()).isEqualTo(0.9);
        assertThat(a.get("interval").get(0).asDouble()).isLessThan(a.get("value").asDouble());
        assertThat(a.get("interval").get(1).asDouble()).isGreaterThan(a.get("value").asDouble());
    }

    @Test
    void metricsCountRequestsWithLatencyHistogramsInPrometheusText() throws Exception {
        serve.get("/v1/health");
        serve.post("/v1/predict", "{}");
        HttpResponse<String> r = serve.get("/metrics");
        assertThat(r.statusCode()).isEqualTo(200);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("text/plain");
        assertThat(r.body())
                .contains("# TYPE stepcast_http_requests_seconds histogram")
                .containsPattern("stepcast_http_requests_seconds_count\\{method=\"GET\",route=\"/v1/health\","
                        + "status=\"200\"} [1-9]")
                .containsPattern("stepcast_http_requests_seconds_count\\{method=\"POST\",route=\"/v1/predict\","
                        + "status=\"400\"} [1-9]")
                .contains("stepcast_http_requests_seconds_bucket{method=\"GET\",route=\"/v1/health\",status=\"200\","
                        + "le=\"0.005\"}");
    }

    @Test
    void theOpenApiDescriptionListsEveryEndpointAndEachIsServed() throws Exception {
        JsonNode doc = json(serve.get("/v1/openapi.json"));
        assertThat(doc.get("openapi").asText()).startsWith("3.");
        Set<String> listed = new HashSet<>();
        doc.get("paths").fields().forEachRemaining(p -> p.getValue().fieldNames()
                .forEachRemaining(m -> listed.add(m.toUpperCase(Locale.ROOT) + " " + p.getKey())));
        assertThat(listed).containsExactlyInAnyOrder("GET /v1/health", "GET /v1/predictors", "POST /v1/predict",
                "POST /v1/select-batch", "GET /metrics", "GET /v1/openapi.json");
        // The configuration schema lists exactly the fields a request's config is read with.
        Set<String> configFields = new HashSet<>();
        doc.get("components").get("schemas").get("Config").get("properties").fieldNames()
                .forEachRemaining(configFields::add);
        assertThat(configFields).isEqualTo(ConfigJson.FIELDS);
        // The SLO is required, as the service enforces it.
        assertThat(doc.get("components").get("schemas").get("SelectBatchRequest").get("required").toString())
                .contains("\"slo_s\"");
        for (String e : listed) {
            String path = e.substring(e.indexOf(' ') + 1);
            HttpResponse<String> r = e.startsWith("GET") ? serve.get(path) : serve.post(path, "{}");
            assertThat(r.statusCode()).as(e).isIn(200, 400);
        }
    }

    private static void assertError(HttpResponse<String> r, int status, String fragment) throws Exception {
        assertThat(r.statusCode()).as(r.body()).isEqualTo(status);
        assertThat(r.headers().firstValue("Content-Type").orElse("")).startsWith("application/json");
        assertThat(json(r).get("error").asText()).contains(fragment);
    }
}
