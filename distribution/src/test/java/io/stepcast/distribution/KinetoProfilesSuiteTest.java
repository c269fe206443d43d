package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * End to end on the real PyTorch profiler traces of {@code shared/data/kineto}: {@code stepcast evaluate --suite
 * kineto-profiles} replays each at its own world size within 10% of its measured median step (the project's
 * target), and draws a predicted curve to 64 GPUs for each data-parallel trace.
 */
class KinetoProfilesSuiteTest {
    private final CliSession cli = new CliSession();

    @Test
    void everyTraceIsReplayedAtItsWorldSizeWithinTenPercent(@TempDir Path report) throws Exception {
        Path data = Path.of(System.getProperty("stepcast.shared.data"));
        assertThat(cli.run("evaluate", "--suite", "kineto-profiles", "--data", data.toString(), "--out",
                report.toString())).as(cli.err()).isZero();
        JsonNode results = new ObjectMapper().readTree(report.resolve("results.json").toFile());
        JsonNode rows = results.get("reproduction");
        assertThat(rows).hasSize(3);
        for (JsonNode row : rows) {
            assertThat(row.get("published").asDouble()).as(row.toString()).isPositive();
            assertThat(Math.abs(row.get("relative_difference").asDouble())).as(row.toString()).isLessThan(0.10);
        }
        // The two A100 traces are data-parallel (world size 2 and 8); the V100 one is a single GPU.
        JsonNode curves = results.get("curves");
        assertThat(curves).hasSize(2);
        for (JsonNode c : curves) {
            JsonNode points = c.get("points");
            assertThat(points).hasSize(7);
            assertThat(points.get(6).get(0).asInt()).isEqualTo(64);
            // Inside one node (up to 8 GPUs) throughput grows with the GPUs.
            assertThat(points.get(3).get(1).asDouble()).as(c.toString()).isGreaterThan(points.get(0).get(1).asDouble());
        }
    }
}
