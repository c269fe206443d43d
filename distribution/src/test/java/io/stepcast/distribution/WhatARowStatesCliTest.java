package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * What a user's row states against what the fitted predictors know, through {@code fit} and {@code predict} as a
 * user runs them, on the real rows of the embedded source {@code dle-resnet50-pytorch} (NVIDIA DeepLearningExamples,
 * ResNet-50 v1.5 for PyTorch: TF32 and mixed precision on a DGX A100 80GB, 2.6x apart on one GPU; its README cites
 * the commit and table): its precision, and a placement its machine cannot hold.
 */
class WhatARowStatesCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path TABLE = Path.of("..", "datasets", "src", "main", "resources", "io", "stepcast",
            "datasets", "embedded", "dle-resnet50-pytorch", "dle_resnet50v15_pytorch_2103.csv");

    /**
     * A row that states no precision used to be answered from the mixed-precision rows, and a precision nobody
     * measured from another one, silently; now each predictor refuses both and names the column.
     */
    @Test
    void aRowAnsweredOnlyAtAPrecisionItsModelWasMeasuredAt(@TempDir Path dir) throws Exception {
        Path query = dir.resolve("query.csv");
        Files.writeString(query, """
                model,architecture,workers,nodes,local_batch,hardware,precision
                ResNet-50,ALLREDUCE,8,1,256,DGX A100 80GB,
                ResNet-50,ALLREDUCE,8,1,256,DGX A100 80GB,bf16
                ResNet-50,ALLREDUCE,8,1,256,DGX A100 80GB,tf32
                ResNet-50,ALLREDUCE,8,1,256,DGX A100 80GB,amp
                """);
        for (String predictor : List.of("linear-scaling", "allreduce-analytic", "mva", "simulation")) {
            CliSession cli = new CliSession();
            Path model = dir.resolve(predictor);
            JsonNode rows = fitAndPredict(cli, predictor, model, query);
            assertThat(rows.get(0).get("not_applicable").asText()).as(predictor)
                    .contains("measured at fp16 (amp, or no precision stated), tf32", "states no precision",
                            "column precision");
            assertThat(rows.get(1).get("not_applicable").asText()).as(predictor).contains("not at bf16");
            double tf32 = rows.get(2).get("predicted").asDouble();
            double amp = rows.get(3).get("predicted").asDouble();
            // Eight GPUs of the DGX A100 measured 7,248 (TF32) and 16,621 (mixed precision) images per second.
            assertThat(tf32).as(predictor).isBetween(7248 * 0.9, 7248 * 1.1);
            assertThat(amp).as(predictor).isBetween(16621 * 0.95, 16621 * 1.25);
            assertThat(rows.get(2).get("precision").asText()).isEqualTo("tf32");
            assertThat(rows.get(0).get("precision").isNull()).isTrue();
            assertThat(rows.get(0).get("hardware").asText()).isEqualTo("dgx-a100-80gb");
            // The table: a refusal's number in the row, its reason once below.
            cli.clear();
            assertThat(cli.run("predict", "--model", model.toString(), "--input", query.toString())).isZero();
            assertThat(cli.out()).contains("n/a [1]", "n/a [2]", "dgx-a100-80gb").containsOnlyOnce(
                    "[1] " + rows.get(0).get("not_applicable").asText());
        }
    }

    /**
     * Sixteen GPUs on one node of an eight-GPU DGX A100: the file is refused when read, naming the line and the columns
     * (the predictors without links used to answer it); spread over two nodes, every link-based predictor answers.
     */
    @Test
    void aPlacementTheMachineCannotHoldIsRefused(@TempDir Path dir) throws Exception {
        Path crowded = dir.resolve("query.csv");
        Files.writeString(crowded, """
                model,architecture,workers,nodes,local_batch,hardware,precision
                ResNet-50,ALLREDUCE,16,1,256,DGX A100 80GB,tf32
                """);
        Path spread = dir.resolve("spread.csv");
        Files.writeString(spread, """
                model,architecture,workers,nodes,local_batch,hardware,precision
                ResNet-50,ALLREDUCE,16,2,256,DGX A100 80GB,tf32
                """);
        for (String predictor : List.of("allreduce-analytic", "mva", "simulation")) {
            CliSession cli = new CliSession();
            JsonNode rows = fitAndPredict(cli, predictor, dir.resolve(predictor), spread);
            assertThat(rows.get(0).get("predicted").isNumber()).as(predictor).isTrue();
            cli.clear();
            assertThat(cli.run("predict", "--model", dir.resolve(predictor).toString(), "--input", crowded.toString()))
                    .isEqualTo(1);
            assertThat(cli.err()).as(predictor).contains("query.csv:2: columns workers and nodes: 16 GPUs on 1 node(s) "
                    + "of DGX A100 80GB put 16 on one node, which has 8");
        }
    }

    /** Fits {@code predictor} on the table, saves it to {@code model} and predicts {@code query}'s throughputs. */
    private static JsonNode fitAndPredict(CliSession cli, String predictor, Path model, Path query) throws Exception {
        assertThat(cli.run("fit", "--predictor", predictor, "--train", TABLE.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", query.toString(), "--target",
                "throughput", "--json")).as(cli.err()).isZero();
        return JSON.readTree(cli.out()).get("predictions");
    }
}
