package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import org.assertj.core.data.Offset;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The column {@code parameter_bytes} overrides the zoo's gradient bytes for every predictor that synchronises
 * gradients, through {@code fit} and {@code predict} as a user runs them, on real rows (NVIDIA DeepLearningExamples'
 * NCF for PyTorch on a DGX A100, 1 and 8 GPUs; {@code ncf-dle/*.csv} cite the commit and table). The zoo's NCF is
 * Pollux's, 20 times smaller than the ML-20m NCF those rows measured; {@code mva} and {@code simulation} used to
 * start from the zoo's profile and predict the same whatever bytes the rows stated.
 */
class StatedParameterBytesCliTest {
    private static final ObjectMapper JSON = new ObjectMapper();
    private static final String STATED = "127330308";

    @Test
    void statedBytesWinOverTheZoosForEveryPredictor(@TempDir Path dir) throws Exception {
        String train = resource("train.csv");
        String test = resource("test.csv");
        for (String predictor : List.of("mva", "simulation", "allreduce-analytic")) {
            List<Double> stated = predict(dir, predictor, "stated", train, test);
            List<Double> tenGigabytes = predict(dir, predictor, "10g", train.replace(STATED, "10000000000"),
                    test.replace(STATED, "10000000000"));
            // The same rows under a name the zoo does not know: only the stated bytes can be used.
            List<Double> unknownModel = predict(dir, predictor, "renamed", train.replace("\nNCF,", "\nNeuMF-ml20m,"),
                    test.replace("\nNCF,", "\nNeuMF-ml20m,"));

            assertThat(stated).as(predictor).hasSize(2).isEqualTo(unknownModel);
            for (int i = 0; i < stated.size(); i++) {
                // Ten gigabytes of gradients per step cannot be exchanged at the rate 127 MB are.
                assertThat(tenGigabytes.get(i)).as(predictor).isLessThan(stated.get(i) / 5);
            }
        }
    }

    /**
     * A sweep fitted on the same rows prices the bytes they state, not the zoo's NCF's: {@code allreduce-analytic}'s 8
     * GPUs equal its {@code predict} of the test row stating them, and {@code mva}, which refuses a point sized
     * otherwise than its training rows, answers. The sweep used to put the zoo's bytes (Pollux's NCF, 20 times
     * smaller) on every point of a model the zoo names, which {@code allreduce-analytic} priced silently.
     */
    @Test
    void aSweepPricesTheTrainingRowsBytesOfAModelTheZooNamesToo(@TempDir Path dir) throws Exception {
        Path train = Files.writeString(dir.resolve("train.csv"), resource("train.csv"));
        double predicted = predict(dir, "allreduce-analytic", "sweep-check", resource("train.csv"),
                resource("test.csv")).get(0);
        for (String predictor : List.of("allreduce-analytic", "mva")) {
            CliSession cli = new CliSession();
            assertThat(cli.run("sweep", "--train", train.toString(), "--predictor", predictor, "--models", "NCF",
                    "--hardware", "NVIDIA DGX A100 (8x A100 40GB)", "--precision", "tf32", "--batch", "131072",
                    "--workers", "8", "--out", dir.resolve("sweep-" + predictor).toString(), "--json"))
                    .as(cli.err()).isZero();
            JsonNode point = JSON.readTree(cli.out()).get("points").get(0);
            assertThat(point.get("mean").isNumber()).as(predictor + " " + point).isTrue();
            if (predictor.equals("allreduce-analytic")) {
                assertThat(point.get("mean").asDouble()).isCloseTo(predicted, Offset.offset(1e-6 * predicted));
            }
        }
    }

    /**
     * A row asked about without {@code parameter_bytes} is sized as the training rows sized its model, which the model
     * file keeps, not as the zoo's NCF: {@code allreduce-analytic} used to price the zoo's 6.4 MB silently (its 8 GPUs
     * several percent off its answer for the same row stating the bytes) and {@code mva} refused the row as sized
     * otherwise. {@code serve} completes a request the same way (ServeTrainedBytesTest).
     */
    @Test
    void aRowWithoutBytesIsSizedAsTheTrainingRowsSizedItsModel(@TempDir Path dir) throws Exception {
        String train = resource("train.csv");
        String blank = resource("test.csv").replace("," + STATED, ",");
        assertThat(blank).doesNotContain(STATED);
        for (String predictor : List.of("allreduce-analytic", "mva")) {
            List<Double> stated = predict(dir, predictor, "stated", train, resource("test.csv"));
            assertThat(predict(dir, predictor, "blank", train, blank)).as(predictor).isEqualTo(stated);
        }
    }

    /** Fits {@code predictor} on {@code train} and returns its throughputs on {@code test}'s rows. */
    private static List<Double> predict(Path dir, String predictor, String name, String train, String test)
            throws IOException {
        Path trainFile = Files.writeString(dir.resolve(name + "-train.csv"), train);
        Path testFile = Files.writeString(dir.resolve(name + "-test.csv"), test);
        Path model = dir.resolve(predictor + "-" + name);
        CliSession cli = new CliSession();
        assertThat(cli.run("fit", "--predictor", predictor, "--train", trainFile.toString(), "--save",
                model.toString())).as(cli.err()).isZero();
        cli.clear();
        assertThat(cli.run("predict", "--model", model.toString(), "--input", testFile.toString(), "--target",
                "throughput", "--json")).as(cli.err()).isZero();
        List<Double> values = new ArrayList<>();
        for (JsonNode row : JSON.readTree(cli.out()).get("predictions")) {
            assertThat(row.get("predicted").isNumber()).as(predictor + " " + row).isTrue();
            values.add(row.get("predicted").asDouble());
        }
        return values;
    }

    private static String resource(String name) throws IOException {
        try (InputStream in = StatedParameterBytesCliTest.class.getResourceAsStream("/ncf-dle/" + name)) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        }
    }
}
