package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.Target;
import io.stepcast.app.cli.StepcastCli;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

/**
 * A saved Megatron predictor (fitted on vTrain's real single-node table) served over {@code POST /v1/predict}: its
 * answer carries the layout's peak memory per GPU, the memory of the catalogued device and whether it fits; a
 * predictor without a memory model says nothing of memory. The layouts asked are synthetic.
 */
class ServePeakMemoryTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    @TempDir
    Path dir;

    private static void cli(String... args) {
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(ServeFixture.REGISTRY, args, new PrintWriter(new StringWriter()),
                new PrintWriter(err));
        assertThat(code).as(err.toString()).isZero();
    }

    private static String layout(int tensor, int pipeline, int data, int globalBatch) {
        return "{\"predictor\": \"analytic\", \"target\": \"step-time\", \"config\": {"
                + "\"model\": \"gpt-l24-h2048-a16-s1024-v50304\", \"architecture\": \"allreduce\", "
                + "\"workers\": " + data + ", \"global_batch\": " + globalBatch + ", \"tensor_parallel\": " + tensor
                + ", \"pipeline_parallel\": " + pipeline + ", \"micro_batch\": 1, \"gpus_per_node\": 8, "
                + "\"hardware\": \"dgx-a100\"}}";
    }

    @Test
    void aMegatronAnswerSaysHowMuchMemoryTheLayoutNeedsAndWhetherItFits() throws Exception {
        Path single = dir.resolve("single-node.parquet");
        cli("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware", "dgx-a100",
                "--out", single.toString());
        Path models = Files.createDirectories(dir.resolve("models"));
        cli("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                models.resolve("analytic.json").toString());
        ServedPredictors served = ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models));
        Answers answers = new Answers(served, ServeFixture.JSON);

        JsonNode split = answers.predict(ServeFixture.JSON.readTree(layout(8, 1, 1, 8)));
        assertThat(split.get("value").asDouble()).as(split.toString()).isPositive();
        double peak = split.get("peak_memory_bytes").asDouble();
        assertThat(peak).isPositive();
        assertThat(split.get("device_memory_bytes").asDouble()).isPositive();
        assertThat(split.get("fits").asBoolean()).isEqualTo(peak <= split.get("device_memory_bytes").asDouble());

        // The same model on one GPU per stage holds all of its state: more memory than split over 8 ranks.
        JsonNode whole = answers.predict(ServeFixture.JSON.readTree(layout(1, 1, 8, 8)));
        assertThat(whole.get("peak_memory_bytes").asDouble()).isGreaterThan(peak);

        // A published model given another vocabulary is another model: said beside a value as beside a refusal.
        JsonNode other = answers.predict(ServeFixture.JSON.readTree(layout(8, 1, 1, 8).replace(
                "\"model\": \"gpt-l24-h2048-a16-s1024-v50304\"", "\"model\": \"llama3-8b\", \"vocab_size\": 32000")));
        assertThat(other.get("value").asDouble()).as(other.toString()).isPositive();
        assertThat(other.get("warnings").get(0).asText()).isEqualTo("model 'llama3-8b' has a vocabulary of 128256 where "
                + "column vocab_size says 32000: read as the column says, as llama-l32-h4096-a32-kv8-f14336-s8192-v32000");
    }

    @Test
    void aModelSavedUnderABuiltInsNameIsServedInItsPlaceAndTwoFilesOfOneNameAreRefused() throws Exception {
        Path single = dir.resolve("single-node.parquet");
        cli("datasets", "import", "vtrain", "--input", DATA.resolve("vtrain").toString(), "--hardware", "dgx-a100",
                "--out", single.toString());
        Path models = Files.createDirectories(dir.resolve("models"));
        cli("fit", "--predictor", "megatron-analytic", "--train", single.toString(), "--save",
                models.resolve("linear-scaling.json").toString());
        ServedPredictors served = ServedPredictors.load(ServeFixture.REGISTRY, "linear-scaling"::equals,
                Optional.of(models));
        assertThat(served.get("linear-scaling", Target.STEP_TIME).provenance().estimator())
                .isEqualTo("megatron-analytic");
        assertThat(served.listing()).filteredOn(r -> "linear-scaling".equals(r.get("name"))).singleElement()
                .satisfies(r -> assertThat(r.get("module")).isEqualTo("model file linear-scaling.json"));
        assertThat(served.notes()).contains("linear-scaling is served from linear-scaling.json in place of the built-in "
                + "predictor");
        // megatron-analytic's built-in answers from published constants, which start-up says; replaced, it says only that.
        Path other = Files.createDirectories(dir.resolve("other"));
        Files.copy(models.resolve("linear-scaling.json"), other.resolve("megatron-analytic.json"));
        ServedPredictors replaced = ServedPredictors.load(ServeFixture.REGISTRY, "megatron-analytic"::equals,
                Optional.of(other));
        assertThat(replaced.notes()).contains("megatron-analytic is served from megatron-analytic.json in place of the "
                + "built-in predictor").noneMatch(n -> n.startsWith("megatron-analytic answers from"));
        Files.copy(models.resolve("linear-scaling.json"), models.resolve("linear-scaling.model"));
        assertThatThrownBy(() -> ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models)))
                .hasMessageEndingWith("model name 'linear-scaling' is also that of linear-scaling.json; rename one of "
                        + "the files");
    }

    @Test
    void fitsIsWrittenOnlyWithAKnownDeviceAndNothingWithoutAnEstimate() {
        var out = ServeFixture.JSON.createObjectNode();
        Answers.memory(out, OptionalDouble.of(5e10), OptionalDouble.of(4e10));
        assertThat(out.get("fits").asBoolean()).isFalse();
        var unknown = ServeFixture.JSON.createObjectNode();
        Answers.memory(unknown, OptionalDouble.of(5e10), OptionalDouble.empty());
        assertThat(unknown.has("fits")).isFalse();
        assertThat(unknown.get("peak_memory_bytes").asDouble()).isEqualTo(5e10);
        var none = ServeFixture.JSON.createObjectNode();
        Answers.memory(none, OptionalDouble.empty(), OptionalDouble.of(4e10));
        assertThat(none.isEmpty()).isTrue();
    }
}
