package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end on a real recording made in the test: {@code stepcast profile tensorflow} records LeNet-5 at
 * batch 32 and 64 for a few steps on this machine, then {@code stepcast evaluate --suite tf-cpu-profiles}
 * feeds it to the simulation: one worker reproduces each measured step time within 2%, the
 * throughput-versus-workers curves at 1, 10 and 25 Gbit/s are written and drawn, and the two batches are
 * scored as a batch-size choice.
 */
class TfCpuProfilesSuiteTest {
    private final CliSession cli = new CliSession();

    @Test
    void recordedLenetFeedsTheSimulationAndItsReport(@TempDir Path data, @TempDir Path report) throws Exception {
        assertThat(cli.run("profile", "tensorflow", "--model", "lenet5", "--local-batch", "32,64", "--steps", "8",
                "--warmup", "3", "--traced-steps", "1", "--out", data.resolve("tf-cpu-profiles").toString()))
                .as(cli.err()).isZero();

        assertThat(cli.run("evaluate", "--suite", "tf-cpu-profiles", "--data", data.toString(), "--out", report.toString()))
                .as(cli.err()).isZero();
        System.out.println(cli.out());

        JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
        JsonNode rows = results.get("reproduction");
        assertThat(rows).hasSize(2);
        for (JsonNode row : rows) {
            assertThat(row.get("quantity").asText()).startsWith("lenet5 batch");
            assertThat(row.get("published").asDouble()).as(row.toString()).isPositive();
            assertThat(Math.abs(row.get("relative_difference").asDouble())).as(row.toString()).isLessThan(0.02);
        }

        List<String> series = new ArrayList<>();
        for (JsonNode c : results.get("curves")) {
            series.add(c.get("series").asText());
            JsonNode points = c.get("points");
            assertThat(points).hasSize(7);
            assertThat(points.get(0).get(0).asInt()).isEqualTo(1);
            assertThat(points.get(6).get(0).asInt()).isEqualTo(64);
            // Throughput never falls as workers are added, and 64 workers beat one.
            for (int i = 1; i < points.size(); i++) {
                assertThat(points.get(i).get(1).asDouble()).as(c.toString())
                        .isGreaterThan(0.95 * points.get(i - 1).get(1).asDouble());
            }
            assertThat(points.get(6).get(1).asDouble()).isGreaterThan(2 * points.get(0).get(1).asDouble());
        }
        assertThat(series).containsExactly("1 Gbit/s", "10 Gbit/s", "25 Gbit/s");
        JsonNode curves = results.get("curves");
        // At 64 workers LeNet-5's 89 KB each way per step saturate 1 Gbit/s well below 10 Gbit/s.
        assertThat(curves.get(0).get("points").get(6).get(1).asDouble())
                .isLessThan(0.5 * curves.get(1).get("points").get(6).get(1).asDouble());

        List<String> selected = new ArrayList<>();
        results.get("selection").forEach(s -> {
            if (s.get("decisions").asInt() > 0) {
                selected.add(s.get("predictor").asText());
            }
        });
        assertThat(selected).contains("simulation");

        String md = Files.readString(report.resolve("report.md"));
        assertThat(md).contains("lenet5 batch 32: single-worker step time").contains("Simulated async throughput: lenet5");
        assertThat(report.resolve("charts/curve-1.png")).isNotEmptyFile();
        assertThat(Files.readString(report.resolve("report.html"))).contains("charts/curve-1.png");
    }

    @Test
    void withoutRecordingsTheSuiteSaysHowToRecordThem(@TempDir Path data) {
        assertThat(cli.run("evaluate", "--suite", "tf-cpu-profiles", "--data", data.toString())).isEqualTo(1);
        String message = cli.err().strip();
        assertThat(message.lines().count()).as(message).isEqualTo(1);
        assertThat(message).contains(data.resolve("tf-cpu-profiles").toString())
                .contains("stepcast profile tensorflow --model lenet5");
    }
}
