package io.stepcast.serve;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A model file fitted with {@code fit --coverage 0.9} on too few rows for that level (the 8 SSD300 rows of the DGX A100
 * in docs/examples/ssd300-dgx-1and8-train.csv, NVIDIA/DeepLearningExamples@04099020: 8 calibration scores, and 0.9
 * needs 9) is served with a start-up note saying why its answers carry no interval, as {@code fit} and
 * {@code predict} say it; one fitted at a level its scores can bound gets no such note.
 */
class ServeIntervalShortfallTest {
    @TempDir
    Path dir;

    @Test
    void aModelFileThatCannotGiveIntervalsIsNotedAtStartUp() throws Exception {
        Path train = dir.resolve("a100.csv");
        Files.write(train, Files.readAllLines(ServeFixture.examples().resolve("ssd300-dgx-1and8-train.csv")).stream()
                .filter(l -> l.startsWith("model,") || l.contains("DGX A100")).toList());
        Path models = Files.createDirectories(dir.resolve("models"));
        ServeFixture.cli("fit", "--predictor", "ernest", "--train", train.toString(), "--coverage", "0.9", "--save",
                models.resolve("ssd-90.json").toString());
        ServeFixture.cli("fit", "--predictor", "ernest", "--train", train.toString(), "--coverage", "0.8", "--save",
                models.resolve("ssd-80.json").toString());
        ServedPredictors served = ServedPredictors.load(ServeFixture.REGISTRY, name -> false, Optional.of(models));
        assertThat(served.notes()).contains("ssd-90 (ssd-90.json): no interval for step-time, throughput: 8"
                + " calibration scores each, and an interval at 0.9 needs at least 9 (more training rows, or a lower"
                + " coverage)");
        assertThat(served.notes()).noneMatch(n -> n.startsWith("ssd-80"));
    }
}
