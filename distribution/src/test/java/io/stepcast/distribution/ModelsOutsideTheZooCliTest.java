package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Two models the zoo does not know, as a user transcribes NVIDIA DeepLearningExamples' tables of them and states
 * their size in the one column the generic CSV has for it, {@code parameter_bytes}
 * ({@code docs/examples/jasper-dgx-*.csv}: Jasper Large, 333 M parameters, 1 to 16 V100 of two DGX-1 and a DGX-2;
 * {@code docs/examples/ssd300-dgx-*.csv}: SSD300 v1.1, 1 to 8 GPUs of a DGX A100 80GB and a DGX-1; each file cites
 * its commit and table).
 */
class ModelsOutsideTheZooCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final Path EXAMPLES = Path.of("..", "docs", "examples");

    @Test
    void fromOneGpuRowsThePhysicalPredictorsAnswerEveryJasperRow(@TempDir Path out) throws IOException {
        JsonNode results = evaluate(out, EXAMPLES.resolve("jasper-dgx-1gpu.csv"),
                EXAMPLES.resolve("jasper-dgx-multigpu.csv"), "mva,allreduce-analytic,simulation,linear-scaling");
        for (String p : List.of("mva", "allreduce-analytic", "simulation", "linear-scaling")) {
            assertThat(ResultsEntries.entry(results, p).get("n").asInt()).as(p).isEqualTo(21);
        }
        // The DGX-2's 16 GPUs in mixed precision (11.4 times one GPU) are 35-41% off for all four.
        assertThat(ResultsEntries.entry(results, "mva").get("mape").asDouble()).isBetween(5.0, 6.0);
        assertThat(ResultsEntries.entry(results, "linear-scaling").get("mape").asDouble()).isBetween(6.5, 7.5);
    }

    /**
     * The size stated in the training file only (a user states it once, beside the measurements): every physical
     * predictor answers as with the column in both files. {@code allreduce-analytic} reads the bytes of the row it
     * predicts and used to refuse all 21 rows ("column parameter_bytes would give them"), while {@code mva} and the
     * simulation, which read the training rows', answered; stated in the test file only, the other way round.
     */
    @Test
    void theSizeStatedInOneFileServesTheOther(@TempDir Path dir) throws IOException {
        Path train = EXAMPLES.resolve("jasper-dgx-1gpu.csv");
        Path test = EXAMPLES.resolve("jasper-dgx-multigpu.csv");
        Path trainBlank = withoutParameterBytes(train, dir.resolve("train-blank.csv"));
        Path testBlank = withoutParameterBytes(test, dir.resolve("test-blank.csv"));
        String predictors = "mva,allreduce-analytic,simulation";
        JsonNode both = evaluate(dir.resolve("both"), train, test, predictors);
        CliSession cli = new CliSession();
        JsonNode trainOnly = evaluate(cli, dir.resolve("train-only"), train, testBlank, predictors);
        assertThat(cli.err()).contains("parameter_bytes of model Jasper-Large is blank in 21 row(s), taken from "
                + train + " (1332000000)");
        JsonNode testOnly = evaluate(dir.resolve("test-only"), trainBlank, test, predictors);
        for (String p : List.of("mva", "allreduce-analytic", "simulation")) {
            double mape = ResultsEntries.entry(both, p).get("mape").asDouble();
            for (JsonNode one : List.of(trainOnly, testOnly)) {
                assertThat(ResultsEntries.entry(one, p).get("n").asInt()).as(p).isEqualTo(21);
                assertThat(ResultsEntries.entry(one, p).get("mape").asDouble()).as(p).isEqualTo(mape);
            }
        }
    }

    /** Fitted on 1 and 8 GPUs, the 4-GPU rows: the scaling laws answer them too, within 3% as linear scaling is. */
    @Test
    void ssdFromOneAndEightGpusToFour(@TempDir Path out) throws IOException {
        JsonNode results = evaluate(out, EXAMPLES.resolve("ssd300-dgx-1and8-train.csv"),
                EXAMPLES.resolve("ssd300-dgx-4-test.csv"), "ernest,pollux-topo,allreduce-analytic,linear-scaling");
        for (String p : List.of("ernest", "pollux-topo", "allreduce-analytic", "linear-scaling")) {
            JsonNode e = ResultsEntries.entry(results, p);
            assertThat(e.get("n").asInt()).as(p).isEqualTo(7);
            assertThat(e.get("mape").asDouble()).as(p).isLessThan(3.0);
        }
        assertThat(ResultsEntries.entry(results, "ernest").get("mape").asDouble())
                .isLessThan(ResultsEntries.entry(results, "linear-scaling").get("mape").asDouble());
    }

    /**
     * The DGX-1's 4- and 8-GPU rows held out, its 1-GPU rows and every DGX A100 row in training: the forms fitted per
     * model and hardware refuse, and say so in the columns' words and with what would give them a fit. They used to
     * name their internal keys ({@code ernest was not fitted for ssd300v11@dgx-1-v100#allreduce (fitted:
     * ssd300v11@dgx-a100-80gb#allreduce, ...)}), which say neither.
     */
    @Test
    void aFormFittedOnOtherHardwareSaysWhatWouldFitIt(@TempDir Path dir) throws IOException {
        List<String> train = new ArrayList<>();
        List<String> test = new ArrayList<>();
        for (String file : List.of("ssd300-dgx-1gpu.csv", "ssd300-dgx-multigpu.csv")) {
            for (String line : Files.readAllLines(EXAMPLES.resolve(file))) {
                if (line.startsWith("#") || line.startsWith("model,")) {
                    if (line.startsWith("model,") && train.isEmpty()) {
                        train.add(line);
                        test.add(line);
                    }
                    continue;
                }
                boolean heldOut = line.contains("DGX-1") && !line.startsWith("SSD300-v1.1,ALLREDUCE,1,");
                (heldOut ? test : train).add(line);
            }
        }
        CliSession cli = new CliSession();
        evaluate(cli, dir.resolve("out"), Files.write(dir.resolve("train.csv"), train),
                Files.write(dir.resolve("test.csv"), test), "ernest,pollux-topo");
        assertThat(cli.out()).contains("ernest: ernest has no fit of SSD300-v1.1 on dgx-1-v100 at fp16 (allreduce): it"
                        + " fits a model on one hardware at one precision, from rows of that hardware, and has fits of"
                        + " SSD300-v1.1 on dgx-a100-80gb at fp16 (allreduce), dgx-a100-80gb at tf32 (allreduce) only"
                        + " (rows of SSD300-v1.1 on dgx-1-v100 at fp16 (allreduce) at several worker counts in the"
                        + " training data would give it one)")
                .contains("pollux-topo: pollux-topo has no fit of SSD300-v1.1 on dgx-1-v100 at fp16:")
                .doesNotContain("ssd300v11@");
    }

    /**
     * A what-if of the same model at ten times its gradient bytes, through {@code predict}: {@code allreduce-analytic}
     * prices the row's bytes and answers less; {@code mva} and the simulation, whose exchange is calibrated on the
     * training rows' bytes, refuse and say so. They used to answer exactly what they answer at the trained size.
     */
    @Test
    void aRowStatingOtherBytesThanTheTrainingRowsIsNotAnsweredFromThem(@TempDir Path dir) throws IOException {
        List<String> rows = new ArrayList<>();
        for (String line : Files.readAllLines(EXAMPLES.resolve("jasper-dgx-multigpu.csv"))) {
            if (line.startsWith("model,") || line.contains("DGX-2") && line.contains(",16,1,32,mixed precision,")) {
                rows.add(line);
            }
        }
        assertThat(rows).hasSize(2);
        Path asTrained = Files.write(dir.resolve("as-trained.csv"), rows);
        Path tenTimes = Files.write(dir.resolve("ten-times.csv"),
                rows.stream().map(l -> l.replace(",1332000000,", ",13320000000,")).toList());
        for (String predictor : List.of("mva", "simulation", "allreduce-analytic")) {
            Path model = dir.resolve(predictor + ".json");
            CliSession cli = new CliSession();
            assertThat(cli.run("fit", "--predictor", predictor, "--train",
                    EXAMPLES.resolve("jasper-dgx-1gpu.csv").toString(), "--save", model.toString())).isZero();
            JsonNode trained = predictJson(cli, model, asTrained);
            JsonNode bigger = predictJson(cli, model, tenTimes);
            assertThat(trained.get("predicted").isNumber()).as(predictor).isTrue();
            if (predictor.equals("allreduce-analytic")) {
                assertThat(bigger.get("predicted").asDouble()).isLessThan(0.9 * trained.get("predicted").asDouble());
            } else {
                assertThat(bigger.get("predicted").isNumber()).as(predictor).isFalse();
                assertThat(bigger.toString()).as(predictor).contains(predictor + " calibrated Jasper-Large's exchange"
                        + " on the 1332000000 gradient bytes of its training rows, and this row's parameter_bytes are"
                        + " 13320000000");
            }
        }
    }

    private static JsonNode predictJson(CliSession cli, Path model, Path input) throws IOException {
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", input.toString(), "--target",
                "throughput", "--json")).as(cli.err()).isZero();
        return JSON.readTree(cli.out()).get("predictions").get(0);
    }

    private static JsonNode evaluate(Path out, Path train, Path test, String predictors) throws IOException {
        return evaluate(new CliSession(), out, train, test, predictors);
    }

    private static JsonNode evaluate(CliSession cli, Path out, Path train, Path test, String predictors)
            throws IOException {
        assertThat(cli.run("evaluate", "--train", train.toString(), "--test", test.toString(), "--targets",
                "throughput", "--predictors", predictors, "--out", out.toString())).as(cli.err()).isZero();
        return JSON.readTree(out.resolve("results.json").toFile());
    }

    /** The file without its {@code parameter_bytes} column, as a user who states the size elsewhere writes it. */
    private static Path withoutParameterBytes(Path from, Path to) throws IOException {
        List<String> lines = new ArrayList<>();
        int column = -1;
        for (String line : Files.readAllLines(from)) {
            if (line.startsWith("#")) {
                continue;
            }
            List<String> cells = new ArrayList<>(List.of(line.split(",", -1)));
            if (column < 0) {
                column = cells.indexOf("parameter_bytes");
            }
            cells.remove(column);
            lines.add(String.join(",", cells));
        }
        return Files.write(to, lines);
    }
}
