package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code stepcast profile inspect} and the profile readers through the CLI: the real PyTorch traces of
 * {@code shared/data/kineto}, a synthetic TensorFlow GPU timeline, and bad input.
 */
class ProfileInspectCliTest {
    private static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    @TempDir
    Path dir;

    private static JsonNode inspect(Path file) throws IOException {
        CliSession cli = new CliSession();
        assertThat(cli.run("profile", "inspect", file.toString(), "--json")).as(cli.err()).isZero();
        return new ObjectMapper().readTree(cli.out());
    }

    @Test
    void inspectGivesTheIssueKeysForARealDataParallelTrace() throws IOException {
        // Median from a Python script over the json.gz (statistics.median of the ProfilerStep#N durations).
        JsonNode j = inspect(DATA.resolve("kineto/a100_world2_rank0.pt.trace.json.gz"));
        assertThat(j.get("format").asText()).isEqualTo("kineto");
        assertThat(j.get("steps").asInt()).isEqualTo(3);
        assertThat(j.get("step_time_s").get("median").asDouble()).isCloseTo(0.222442191, within(0.02 * 0.222442191));
        assertThat(j.get("step_time_s").get("per_step")).hasSize(3);
        assertThat(j.get("step_time_s").get("mean").asDouble()).isPositive();
        assertThat(j.get("compute_s").asDouble()).isPositive();
        assertThat(j.get("communication_s").asDouble()).isPositive();
        assertThat(j.get("exposed_communication_s").asDouble()).isBetween(0.0, j.get("communication_s").asDouble());
        assertThat(j.get("collectives").get(0).has("op")).isTrue();
        assertThat(j.get("collectives").get(0).has("count")).isTrue();
        assertThat(j.get("collectives").get(0).has("bytes")).isTrue();
        assertThat(j.get("device").asText()).isEqualTo("NVIDIA A100-PG509-200");
        assertThat(j.get("world_size").asInt()).isEqualTo(2);
    }

    @Test
    void everyRealTraceHasAllItsStepsAndTheirMedian() throws IOException {
        // Steps and medians (us) from the same Python script, per file.
        assertThat(inspect(DATA.resolve("kineto/resnet_v100_world1_rank0.pt.trace.json.gz")).get("steps").asInt())
                .isEqualTo(5);
        JsonNode eight = inspect(DATA.resolve("kineto/a100_world8_rank3.pt.trace.json.gz"));
        assertThat(eight.get("steps").asInt()).isEqualTo(6);
        assertThat(eight.get("step_time_s").get("median").asDouble()).isCloseTo(0.0768335, within(0.02 * 0.0768335));
        assertThat(eight.get("world_size").asInt()).isEqualTo(8);
    }

    @Test
    void simulateReadsAPyTorchTraceAndOneWorkerGivesItsMedianStep() throws IOException {
        // world size 1: no collectives, so the existing simulation replays the kernels of the median step; one
        // worker is calibrated to the profile's step, so this checks the trace reaches simulate as that step
        Path trace = DATA.resolve("kineto/resnet_v100_world1_rank0.pt.trace.json.gz");
        CliSession sim = new CliSession();
        assertThat(sim.run("simulate", "--profile", trace.toString(), "--local-batch", "1", "--workers", "1",
                "--steps", "5", "--warmup", "1", "--seeds", "1", "--json")).as(sim.err()).isZero();
        double stepsPerS = new ObjectMapper().readTree(sim.out()).get("points").get(0).get("steps_per_s").asDouble();
        // median of the ProfilerStep#N durations, from the Python script
        assertThat(1 / stepsPerS).isCloseTo(0.095551087, within(0.10 * 0.095551087));
    }

    @Test
    void bothProfileSubCommandsCoexist() {
        CliSession cli = new CliSession();
        assertThat(cli.run("profile", "--help")).isZero();
        assertThat(cli.out()).contains("inspect", "tensorflow");
    }

    @Test
    void aSyntheticTensorflowGpuTimelineIsOneStepAndOneSimulatedWorkerGivesItsSpan() throws IOException {
        Path timeline = dir.resolve("synthetic-gpu-timeline.json");
        Files.writeString(timeline, SyntheticGpuTimeline.json());
        JsonNode j = inspect(timeline);
        assertThat(j.get("format").asText()).isEqualTo("tf-timeline");
        assertThat(j.get("steps").asInt()).isEqualTo(1);
        double span = SyntheticGpuTimeline.spanUs() / 1e6;
        assertThat(j.get("step_time_s").get("median").asDouble()).isCloseTo(span, within(1e-9));
        // the kernels are on stream:14 and again on stream:all; counted once, compute is the stream's busy time
        assertThat(j.get("device").asText()).isEqualTo("/device:GPU:0");

        // A plain TensorFlow timeline records no batch, so its profile's local batch is 1; simulating it at another
        // --local-batch scales compute by the ratio, so the step is compared at the profiled batch.
        CliSession sim = new CliSession();
        assertThat(sim.run("simulate", "--profile", timeline.toString(), "--local-batch", "1", "--workers", "1",
                "--steps", "20", "--warmup", "2", "--seeds", "1", "--json")).as(sim.err()).isZero();
        double stepsPerS = new ObjectMapper().readTree(sim.out()).get("points").get(0).get("steps_per_s").asDouble();
        assertThat(1 / stepsPerS).isCloseTo(span, within(0.10 * span));
    }

    @Test
    void aParameterServerOnlyTimelineIsRefusedInOneLine() throws IOException {
        Path timeline = dir.resolve("ps-only.json");
        Files.writeString(timeline, "{\"traceEvents\": [{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":1,"
                + "\"args\":{\"name\":\"/job:ps/replica:0/task:0/device:CPU:0 Compute\"}},"
                + "{\"ph\":\"X\",\"name\":\"RecvTensor\",\"pid\":1,\"tid\":0,\"ts\":1,\"dur\":5,"
                + "\"args\":{\"name\":\"w\",\"op\":\"RecvTensor\"}}]}");
        refused(timeline, "no /job:worker process");
    }

    /** A minimal synthetic PyTorch trace: one step, one launch, one kernel; {@code extra} replaces parts. */
    private static String syntheticKineto(String step, String kernelDur) {
        return "{\"schemaVersion\": 1, \"deviceProperties\": [{\"id\": 0, \"name\": \"synthetic GPU\"}],"
                + " \"traceEvents\": [" + step
                + "{\"ph\": \"X\", \"cat\": \"cuda_runtime\", \"name\": \"cudaLaunchKernel\", \"pid\": 1, \"tid\": 1,"
                + " \"ts\": 10, \"dur\": 5, \"args\": {\"correlation\": 7}},"
                + "{\"ph\": \"X\", \"cat\": \"kernel\", \"name\": \"gemm\", \"pid\": 0, \"tid\": 7, \"ts\": 20,"
                + " \"dur\": " + kernelDur + ", \"args\": {\"stream\": 7, \"correlation\": 7, \"device\": 0}}]}";
    }

    private static final String STEP = "{\"ph\": \"X\", \"cat\": \"user_annotation\", \"name\": \"ProfilerStep#1\","
            + " \"pid\": 1, \"tid\": 1, \"ts\": 0, \"dur\": 100},";

    @Test
    void aSyntheticKinetoTraceImportsAndBadOnesAreRefusedLeavingNothingBehind() throws IOException {
        Path good = dir.resolve("synthetic.pt.trace.json");
        Files.writeString(good, syntheticKineto(STEP, "30"));
        JsonNode j = inspect(good);
        assertThat(j.get("steps").asInt()).isEqualTo(1);
        assertThat(j.get("compute_s").asDouble()).isCloseTo(30e-6, within(1e-12));

        Path noStep = dir.resolve("no-step.pt.trace.json");
        Files.writeString(noStep, syntheticKineto("", "30"));
        refused(noStep, "no ProfilerStep#N");

        Path negative = dir.resolve("negative.pt.trace.json");
        Files.writeString(negative, syntheticKineto(STEP, "-3"));
        refused(negative, "negative duration");

        Path noKernels = dir.resolve("no-kernels.pt.trace.json");
        Files.writeString(noKernels, syntheticKineto(STEP, "30").replace("\"cat\": \"kernel\"", "\"cat\": \"cpu_op\""));
        refused(noKernels, "no GPU kernels");

        Path notGzip = dir.resolve("not-gzip.pt.trace.json.gz");
        Files.writeString(notGzip, syntheticKineto(STEP, "30"));
        refused(notGzip, "not gzip");

        Path truncated = dir.resolve("truncated.pt.trace.json.gz");
        byte[] gz = gzip(syntheticKineto(STEP, "30").getBytes(StandardCharsets.UTF_8));
        Files.write(truncated, Arrays.copyOf(gz, gz.length / 2));
        refused(truncated, "truncated");
    }

    private void refused(Path file, String problem) throws IOException {
        CliSession inspect = new CliSession();
        assertThat(inspect.run("profile", "inspect", file.toString())).isEqualTo(1);
        assertThat(inspect.err().strip()).doesNotContain("\n").contains(file.toString()).contains(problem);
        assertThat(inspect.out()).isEmpty();

        Path out = dir.resolve("out-" + file.getFileName() + ".parquet");
        CliSession imp = new CliSession();
        String source = file.getFileName().toString().contains("ps-only") ? "tf-timeline" : "kineto";
        assertThat(imp.run("datasets", "import", source, "--input", file.toString(), "--out", out.toString()))
                .isEqualTo(1);
        assertThat(imp.err().strip()).doesNotContain("\n").contains(file.toString());
        try (var listing = Files.list(dir)) {
            assertThat(listing.map(p -> p.getFileName().toString())).noneMatch(n -> n.startsWith("out-"));
        }
    }

    private static byte[] gzip(byte[] data) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        try (OutputStream out = new GZIPOutputStream(bytes)) {
            out.write(data);
        }
        return bytes.toByteArray();
    }
}
