package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fit --coverage} on a file too small for the level: the 8 SSD300 rows of the DGX A100
 * ({@code docs/examples/ssd300-dgx-1and8-train.csv}) give 8 cross-conformal scores, and 8 scores bound no level above
 * 8/9. {@code fit} used to report "intervals: split-conformal at 0.9" and {@code predict} then gave no interval, with
 * no word of why; both now say it in one line, with the count and what the level needs.
 */
class ConformalShortfallCliTest {
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    @Test
    void fitAndPredictSayWhyALevelTooHighForTheCalibrationGivesNoInterval(@TempDir Path dir) throws IOException {
        Path train = dir.resolve("a100.csv");
        Files.write(train, Files.readAllLines(EXAMPLES.resolve("ssd300-dgx-1and8-train.csv")).stream()
                .filter(l -> l.startsWith("model,") || l.contains("DGX A100")).toList());
        Path model = dir.resolve("ernest.json");
        CliSession cli = new CliSession();
        assertThat(cli.run("fit", "--predictor", "ernest", "--train", train.toString(), "--save", model.toString(),
                "--coverage", "0.9")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("intervals: split-conformal at 0.9; no interval for step-time, throughput: 8"
                + " calibration scores each, and an interval at 0.9 needs at least 9");

        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", train.toString(), "--target",
                "throughput")).as(cli.err()).isZero();
        List<String> lines = cli.out().lines().toList();
        assertThat(lines).contains("no interval for throughput: 8 calibration scores, and an interval at 0.9 needs at"
                + " least 9 (more training rows, or a lower coverage)");

        // A level the 8 scores can bound: intervals, and no such line.
        Path lower = dir.resolve("ernest-80.json");
        cli.clear();
        assertThat(cli.run("fit", "--predictor", "ernest", "--train", train.toString(), "--save", lower.toString(),
                "--coverage", "0.8")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("intervals: split-conformal at 0.8\n").doesNotContain("no interval");
        cli.clear();
        assertThat(cli.run("predict", "--model", lower.toString(), "--input", train.toString(), "--target",
                "throughput")).as(cli.err()).isZero();
        assertThat(cli.out()).contains("at 80.0%").doesNotContain("no interval");
    }
}
