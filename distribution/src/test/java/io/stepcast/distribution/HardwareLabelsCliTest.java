package io.stepcast.distribution;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A training and a test file that name one catalogued system two ways are matched through the hardware catalog
 * (real rows: ResNet-50 on a DGX-1 of P100s, TensorFlow benchmark page; {@code hardware-labels/README.md} cites
 * them), and a label the catalog does not know, or a run where no predictor answers, is said on stderr and in the
 * report.
 */
class HardwareLabelsCliTest {
    private final CliSession cli = new CliSession();

    private static Path resource(Path dir, String name) throws IOException {
        try (InputStream in = HardwareLabelsCliTest.class.getResourceAsStream("/hardware-labels/" + name)) {
            Path p = dir.resolve(name);
            Files.copy(in, p);
            return p;
        }
    }

    @Test
    void aSystemNamedByItsAliasInTheTestFileMatchesTheTrainingFilesName(@TempDir Path dir) throws Exception {
        Path train = resource(dir, "resnet50-dgx1-p100-train.csv");
        Path test = resource(dir, "resnet50-dgx1-p100-test.csv");
        assertThat(Files.readString(train)).contains(",dgx-1-p100,");
        assertThat(Files.readString(test)).contains(",DGX-1 P100,");
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets", "throughput",
                "--out", out.toString())).as(cli.err()).isZero();
        assertThat(cli.err()).doesNotContain("hardware catalog", "nothing is ranked");
        ResultsJson results = ResultsJson.of(out);
        // The predictors that fit one curve per (model, hardware) answer every test point only if both files' labels
        // are one key; with the two spellings kept apart they refused all four.
        for (String p : List.of("linear-scaling", "ernest", "optimus", "random-forest", "xgboost", "cart")) {
            assertThat(results.entry(p).get("n").asInt()).as(p).isEqualTo(4);
        }
        // Fitted on 1 and 2 GPUs, linear scaling predicts the measured 4 and 8 within a few percent.
        assertThat(results.entry("linear-scaling").get("mape").asDouble()).isBetween(1.0, 5.0);
        assertThat(Files.readString(out.resolve("report.md"))).doesNotContain("nothing is ranked");
    }

    @Test
    void anUnknownLabelIsWarnedWithTheClosestNamesAndAnEmptyLeaderboardSaysWhy(@TempDir Path dir) throws Exception {
        Path train = resource(dir, "resnet50-dgx1-p100-train.csv");
        // The real test rows with their label misspelled (the only change).
        Path test = dir.resolve("misspelled.csv");
        Files.writeString(test, Files.readString(resource(dir, "resnet50-dgx1-p100-test.csv"))
                .replace("DGX-1 P100", "DGX-one P100"));
        Path out = dir.resolve("out");
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets", "throughput",
                "--predictors", "linear-scaling,ernest", "--out", out.toString())).as(cli.err()).isZero();
        assertThat(cli.err()).contains("warning: " + test + ": line 2: hardware 'DGX-one P100' is not in the hardware"
                + " catalog: did you mean dgx-1-p100?");
        assertThat(cli.err()).contains("warning: nothing is ranked: no predictor answered any test point");
        assertThat(cli.out()).contains("nothing is ranked").contains("linear-scaling: ");
        assertThat(Files.readString(out.resolve("report.md"))).contains("nothing is ranked", "DGX-one P100");
        assertThat(Files.readString(out.resolve("report.html"))).contains("<p>nothing is ranked: no predictor answered");
    }
}
