package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Observation;
import io.stepcast.api.plugin.CommandExtension;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;

import static org.assertj.core.api.Assertions.assertThat;

/** {@code stepcast profile tensorflow}, run on the Courier MLP (the fastest network) with few steps. */
class ProfileTensorflowCommandTest {

    private static CommandLine profileCommand(StringWriter out) {
        CommandLine cli = (CommandLine) new ProfileTensorflowExtension().command(null);
        cli.setOut(new PrintWriter(out));
        return cli;
    }

    @Test
    void recordsEveryBatchIntoItsOwnFolder(@TempDir Path dir) throws Exception {
        StringWriter out = new StringWriter();
        int code = profileCommand(out).execute("tensorflow", "--model", "mlp", "--local-batch", "16,48",
                "--steps", "3", "--warmup", "1", "--traced-steps", "2", "--out", dir.toString());
        assertThat(code).isZero();
        assertThat(out.toString()).contains("mlp batch 16: step").contains("mlp batch 48: step");
        for (int batch : new int[] {16, 48}) {
            Path folder = dir.resolve("mlp-batch" + batch);
            assertThat(folder.resolve("timeline-step1.json")).isRegularFile();
            assertThat(folder.resolve("timeline-step2.json")).isRegularFile();
            assertThat(folder.resolve("timeline-step3.json")).doesNotExist();
            JsonNode obs = new ObjectMapper().readTree(folder.resolve("observation.json").toFile());
            assertThat(obs.get("local_batch").asInt()).isEqualTo(batch);
            assertThat(obs.get("parameter_bytes").asLong()).isEqualTo(101_770L * 4);
            assertThat(obs.get("step_time_s").asDouble()).isPositive();
            assertThat(obs.get("runs").asInt()).isEqualTo(3);
        }
        JsonNode all = new ObjectMapper().readTree(dir.resolve("observations.json").toFile());
        assertThat(all).hasSize(2);
        // A second run into the same folder adds its observations and replaces those of the same batch.
        int again = profileCommand(new StringWriter()).execute("tensorflow", "--model", "mlp", "--local-batch", "48,8",
                "--steps", "1", "--warmup", "0", "--traced-steps", "1", "--out", dir.toString());
        assertThat(again).isZero();
        List<Observation> merged = ObservationFiles.read(dir.resolve("observations.parquet"));
        assertThat(merged).extracting(o -> o.config().localBatch()).containsExactly(16, 48, 8);
        assertThat(merged.get(1).measurements().runs()).isEqualTo(1);
        assertThat(new ObjectMapper().readTree(dir.resolve("observations.json").toFile())).hasSize(3);
        try (var files = Files.list(dir.resolve("mlp-batch16"))) {
            assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.endsWith(".tmp"));
        }
    }

    /** Runs the command and returns the message of the exception it failed with. */
    private static String failure(String... args) {
        AtomicReference<Exception> failure = new AtomicReference<>();
        CommandLine cli = new CommandLine(new ProfileTensorflowCommand());
        cli.setExecutionExceptionHandler((ex, c, p) -> {
            failure.set(ex);
            return 1;
        });
        assertThat(cli.execute(args)).isEqualTo(1);
        return failure.get().getMessage();
    }

    @Test
    void anUnknownModelIsRefusedNamingTheKnownOnes(@TempDir Path dir) {
        assertThat(failure("--model", "resnet9000", "--local-batch", "8", "--out", dir.toString()))
                .isEqualTo("unknown model 'resnet9000'; known: lenet5, mlp, cifarnet");
    }

    @Test
    void aNonPositiveBatchIsRefusedBeforeAnythingRuns(@TempDir Path dir) {
        assertThat(failure("--model", "lenet5", "--local-batch", "32,0", "--out", dir.toString()))
                .isEqualTo("--local-batch values must be at least 1, was 0");
        assertThat(dir).isEmptyDirectory();
    }

    @Test
    void anOutputThatIsAFileIsRefused(@TempDir Path dir) throws Exception {
        Path file = Files.writeString(dir.resolve("taken"), "x");
        assertThat(failure("--model", "mlp", "--local-batch", "8", "--out", file.toString()))
                .isEqualTo("--out " + file + " is a file, not a folder");
    }

    @Test
    void aNegativeStepCountIsRefused(@TempDir Path dir) {
        assertThat(failure("--model", "lenet5", "--local-batch", "8", "--steps", "0", "--out", dir.toString()))
                .isEqualTo("steps must be at least 1, was 0");
    }

    @Test
    void missingOptionsAreUsageErrors() {
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new ProfileTensorflowCommand());
        cli.setErr(new PrintWriter(err));
        assertThat(cli.execute("--model", "lenet5")).isEqualTo(2);
        assertThat(err.toString()).contains("--local-batch").contains("--out");
    }

    @Test
    void thePluginIsDiscoveredWithItsProfileCommand() {
        PluginRegistry registry = PluginRegistry.discover();
        assertThat(registry.commands()).extracting(CommandExtension::name).contains("profile");
        // the datasets plugin contributes profile inspect under the same name; the CLI merges the two
        assertThat(registry.commands().stream().filter(c -> c.name().equals("profile"))
                .map(c -> ((CommandLine) c.command(null)).getSubcommands().keySet())).anyMatch(s -> s.contains("tensorflow"));
    }

    @Test
    void networksAreFoundByNameAndAlias() {
        assertThat(Networks.byName("LeNet-5").name()).isEqualTo("lenet5");
        assertThat(Networks.byName("simplenet").name()).isEqualTo("mlp");
        assertThat(Networks.byName("CifarNet").name()).isEqualTo("cifarnet");
    }
}
