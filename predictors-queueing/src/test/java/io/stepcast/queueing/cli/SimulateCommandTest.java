package io.stepcast.queueing.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.stepcast.queueing.SyntheticProfileSource;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

class SimulateCommandTest {
    private final SimulateCli cli = new SimulateCli(() -> new SimulateCommand(Optional.of(new SyntheticProfileSource())));
    private final StringWriter out = cli.out();
    private final StringWriter err = cli.err();

    private int run(String... args) {
        return cli.run(args);
    }

    @Test
    void printsATableOfWorkersThroughputAndSpread() {
        int code = run("--model", "chain", "--step-time", "0.5", "--local-batch", "32", "--workers", "1,2,4",
                "--policy", "fifo", "--steps", "10", "--warmup", "2", "--seeds", "2");
        assertThat(code).isEqualTo(0);
        String[] lines = out.toString().strip().split("\n");
        assertThat(lines[1]).contains("workers", "worker-steps/s", "samples/s", "spread");
        assertThat(lines).hasSize(5);
        // One worker with its remote server, in the profiled order: the calibration reproduces the 0.5 s step.
        String[] one = lines[2].trim().split("\\s+");
        assertThat(one[0]).isEqualTo("1");
        assertThat(Double.parseDouble(one[1])).isBetween(1 / 0.5 * 0.98, 1 / 0.5 * 1.02);
        assertThat(Double.parseDouble(one[2])).isBetween(32 / 0.5 * 0.98, 32 / 0.5 * 1.02);
    }

    @org.junit.jupiter.params.ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"random,async,remote", "random,sync,remote",
            "tac,async,colocated", "random,async,colocated"})
    void oneWorkerReproducesTheStepTimeInEveryLayout(String layout) {
        String[] l = layout.split(",");
        List<String> args = new ArrayList<>(List.of("--model", "chain", "--step-time", "0.3", "--local-batch", "32",
                "--workers", "1", "--policy", l[0], "--mode", l[1], "--steps", "40", "--warmup", "4"));
        if (l[2].equals("colocated")) {
            args.add("--colocated");
        }
        assertThat(run(args.toArray(String[]::new))).isEqualTo(0);
        String[] one = out.toString().strip().split("\n")[2].trim().split("\\s+");
        assertThat(Double.parseDouble(one[1])).as(layout).isCloseTo(1 / 0.3, org.assertj.core.api.Assertions.within(0.01));
    }

    @Test
    void withoutLocalBatchAProfileIsSimulatedAtItsOwnBatch() throws Exception {
        Path profile = Files.createTempFile("profile", ".json");
        try {
            io.stepcast.api.profile.Profile p = new SyntheticProfileSource().read(profile);
            assertThat(run("--profile", profile.toString(), "--workers", "1", "--colocated")).isEqualTo(0);
            String[] one = out.toString().strip().split("\n")[2].trim().split("\\s+");
            assertThat(Double.parseDouble(one[1])).isCloseTo(1e6 / p.stepTimeUs(),
                    org.assertj.core.api.Assertions.within(0.01 * 1e6 / p.stepTimeUs()));
            assertThat(out.toString()).contains("local batch " + p.localBatch());
        } finally {
            Files.delete(profile);
        }
        assertThat(run("--model", "chain", "--step-time", "0.3", "--workers", "1")).isEqualTo(2);
        assertThat(err.toString()).contains("--model needs --local-batch N");
    }

    @Test
    void aBadCountNamesTheOptionAndItsValue() {
        assertThat(run("--model", "chain", "--step-time", "0.3", "--local-batch", "32", "--workers", "0")).isEqualTo(2);
        assertThat(err.toString()).contains("--workers 0: must be at least 1");
        assertThat(run("--model", "chain", "--step-time", "0.3", "--local-batch", "32", "--workers", "1",
                "--transfer-jitter", "3")).isEqualTo(2);
        assertThat(err.toString()).contains("--transfer-jitter 3.0: must be in [0, 2]");
    }

    @Test
    void theHelpExplainsSpreadWorkerStepsAndWhatOneWorkerReproduces() {
        new CommandLine(new SimulateCommand(Optional.empty())).usage(new PrintWriter(out, true));
        String help = out.toString().replaceAll("\\s+", " ");
        assertThat(help).contains("spread: the standard deviation of samples/s").contains("reproduces it")
                .contains("worker-steps/s: the workers' steps per second summed");
    }

    @Test
    void printsJsonPointsWithTheIssueSchema() throws Exception {
        Path profile = Files.createTempFile("profile", ".json");
        try {
            int code = run("--profile", profile.toString(), "--local-batch", "32", "--workers", "1,4",
                    "--policy", "tac", "--ps", "2", "--steps", "5", "--warmup", "1", "--json");
            assertThat(code).isEqualTo(0);
        } finally {
            Files.delete(profile);
        }
        List<String> fields = new ArrayList<>();
        int points = 0;
        try (JsonParser p = new JsonFactory().createParser(out.toString())) {
            assertThat(p.nextToken()).isEqualTo(JsonToken.START_OBJECT);
            assertThat(p.nextFieldName()).isEqualTo("points");
            assertThat(p.nextToken()).isEqualTo(JsonToken.START_ARRAY);
            while (p.nextToken() == JsonToken.START_OBJECT) {
                points++;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    fields.add(p.currentName());
                    p.nextToken();
                    assertThat(p.getDoubleValue()).isGreaterThanOrEqualTo(0);
                }
            }
        }
        assertThat(points).isEqualTo(2);
        assertThat(fields.subList(0, 4)).containsExactly("workers", "steps_per_s", "samples_per_s", "spread");
    }

    @Test
    void writesAChromeTraceWithMetadataAndCompleteEvents(@TempDir Path dir) throws Exception {
        Path trace = dir.resolve("trace.json");
        int code = run("--model", "chain", "--step-time", "0.5", "--local-batch", "32", "--workers", "1,3",
                "--steps", "3", "--warmup", "1", "--seeds", "1", "--trace-out", trace.toString());
        assertThat(code).isEqualTo(0);
        Set<String> phases = new HashSet<>();
        Set<String> names = new HashSet<>();
        Set<Integer> pids = new HashSet<>();
        try (JsonParser p = new JsonFactory().createParser(trace.toFile())) {
            while (p.nextToken() != null) {
                if (p.currentToken() == JsonToken.FIELD_NAME) {
                    String f = p.currentName();
                    p.nextToken();
                    switch (f) {
                        case "ph" -> phases.add(p.getText());
                        case "pid" -> pids.add(p.getIntValue());
                        case "name" -> names.add(p.getText());
                        default -> { }
                    }
                }
            }
        }
        assertThat(phases).containsExactlyInAnyOrder("X", "M");
        assertThat(names).contains("process_name", "thread_name", "worker 0", "worker 2", "network", "fwd0");
        assertThat(pids).hasSize(4); // three workers and the network
        assertThat(Files.list(dir)).containsExactly(trace); // no temporary file left behind
    }

    @Test
    void refusesProfileAndModelTogetherAsAUsageError() {
        int code = run("--profile", "x.json", "--model", "chain", "--step-time", "1", "--local-batch", "8",
                "--workers", "1");
        assertThat(code).isEqualTo(2);
        assertThat(err.toString()).contains("either --profile FILE or --model NAME --step-time SECONDS");
    }

    @Test
    void failsWithTheFileNameWhenTheProfileCannotBeRead() {
        int code = run("--profile", "/nonexistent/profile.json", "--local-batch", "8", "--workers", "1");
        assertThat(code).isEqualTo(1);
        assertThat(err.toString()).contains("cannot read profile /nonexistent/profile.json");
    }
}
