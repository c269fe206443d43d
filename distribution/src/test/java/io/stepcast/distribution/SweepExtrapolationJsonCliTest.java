package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Path;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code sweep --json} flags each point a learned predictor answers past its training rows, as {@code predict --json}
 * and {@code serve} do (probe17): {@code cart} fitted on Jasper Large's 1- and 8-GPU rows
 * ({@code docs/examples/jasper-dgx-1and8-train.csv}) answers 4 GPUs of a DGX-2 with the 1-GPU level, a point only the
 * stderr note counted, so a program reading the JSON took it for a prediction like any other.
 */
class SweepExtrapolationJsonCliTest {
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final CliSession cli = new CliSession();

    @Test
    void eachPointSaysWhyItIsAnExtrapolation(@TempDir Path out) throws Exception {
        assertThat(cli.run("sweep", "--train", EXAMPLES.resolve("jasper-dgx-1and8-train.csv").toString(),
                "--predictor", "cart", "--models", "Jasper-Large", "--workers", "1,4,16", "--hardware", "dgx-2",
                "--precision", "fp32", "--batch", "32", "--out", out.toString(), "--json")).as(cli.err()).isZero();
        JsonNode points = JSON.readTree(cli.out()).get("points");
        assertThat(points).hasSize(3);
        assertThat(points.get(0).get("extrapolation").isNull()).as(points.get(0).toString()).isTrue();
        assertThat(points.get(1).get("extrapolation").asText()).isEqualTo("workers 4 lies between the trained values "
                + "1 and 8");
        assertThat(points.get(1).get("mean").asDouble()).isEqualTo(points.get(0).get("mean").asDouble());
        assertThat(points.get(2).get("extrapolation").asText()).startsWith("workers 16 is outside the trained range 1-8");
        assertThat(cli.err()).contains("2 of the 3 points lie outside the range cart was trained on");
    }
}
