package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A published table whose hardware is its heading as written, {@code NVIDIA DGX-1 (8x V100 16G)} (NVIDIA
 * DeepLearningExamples' PyTorch SSD300 training table, transcribed in {@code dle-ssd300-pytorch-dgx1.csv}, whose
 * README cites the commit and table), against a test file that says {@code DGX-1}: both are the catalog's
 * {@code dgx-1-v100}, so the 1-GPU rows of the one file answer the 4- and 8-GPU rows of the other, with no warning.
 * Before, the heading was an unknown label kept as written, and no row of the test file had a training group.
 */
class DescribedHardwareLabelCliTest {
    private final CliSession cli = new CliSession();

    @Test
    void aTablesHeadingAsItsHardwareMeetsTheCatalogsName(@TempDir Path dir) throws Exception {
        List<String> lines = table();
        List<String> train = new ArrayList<>(List.of(lines.get(0)));
        List<String> test = new ArrayList<>(List.of(lines.get(0)));
        for (String line : lines.subList(1, lines.size())) {
            if (line.split(",")[2].equals("1")) {
                train.add(line);
            } else {
                test.add(line.replace("NVIDIA DGX-1 (8x V100 16G)", "DGX-1"));
            }
        }
        Path trainFile = Files.write(dir.resolve("train.csv"), train);
        Path testFile = Files.write(dir.resolve("test.csv"), test);
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", trainFile.toString(), "--test", testFile.toString(), "--targets",
                "throughput", "--predictors", "linear-scaling", "--out", out.toString())).as(cli.err()).isZero();
        assertThat(cli.err()).doesNotContain("not in the hardware catalog");
        JsonNode e = ResultsJson.of(out).entry("linear-scaling");
        assertThat(e.get("n").asInt()).isEqualTo(6);
        // The table scales at 95-100% of linear from 1 to 4 and 8 GPUs.
        assertThat(e.get("mape").asDouble()).isLessThan(5.0);
    }

    private static List<String> table() throws IOException {
        try (InputStream in = Objects.requireNonNull(DescribedHardwareLabelCliTest.class
                .getResourceAsStream("dle-ssd300-pytorch-dgx1.csv"))) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8).lines().filter(l -> !l.isBlank()).toList();
        }
    }
}
