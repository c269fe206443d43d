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
 * The basis of an answer {@code allreduce-analytic} carries to another machine names the machine and rows it came
 * from in the columns' words (probe17): fitted on SSD300 v1.1's DGX A100 80GB rows alone
 * ({@code docs/examples/ssd300-dgx-1and8-train.csv}, DeepLearningExamples' table) and asked about the DGX-1's 4-GPU
 * rows, it said {@code line ssd300v11@dgx-a100-80gb%tf32}, the fitted group's internal key.
 */
class CarriedBasisWordsCliTest {
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");
    private static final ObjectMapper JSON = new ObjectMapper();
    private final CliSession cli = new CliSession();

    @Test
    void theBasisNamesTheDonorMachineAndItsPrecisionNotTheGroupKey(@TempDir Path dir) throws Exception {
        List<String> a100 = Files.readAllLines(EXAMPLES.resolve("ssd300-dgx-1and8-train.csv")).stream()
                .filter(l -> l.startsWith("model,") || l.contains("DGX A100")).toList();
        Path train = Files.write(dir.resolve("a100.csv"), a100);
        Path model = dir.resolve("allreduce-analytic.json");
        assertThat(cli.run("fit", "--predictor", "allreduce-analytic", "--train", train.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input",
                EXAMPLES.resolve("ssd300-dgx-4-test.csv").toString(), "--target", "throughput", "--json"))
                .as(cli.err()).isZero();
        int carried = 0;
        for (JsonNode row : JSON.readTree(cli.out()).get("predictions")) {
            if (!row.get("hardware").asText().equals("dgx-1-v100")) {
                assertThat(row.has("basis")).as(row.toString()).isFalse();
                continue;
            }
            carried++;
            String basis = row.get("basis").asText();
            assertThat(basis).as(row.toString()).doesNotContain("@", "%", "line ssd300");
            boolean fp32 = row.get("precision").asText().equals("fp32");
            assertThat(basis).as(row.toString()).contains(fp32
                    ? "from the compute line of dgx-a100-80gb (A100-SXM4-80GB; its tf32 rows) times "
                    : "from the compute line of dgx-a100-80gb (A100-SXM4-80GB) times ");
        }
        assertThat(carried).isEqualTo(3);
    }
}
