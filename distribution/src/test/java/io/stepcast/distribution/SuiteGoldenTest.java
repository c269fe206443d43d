package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.node.ObjectNode;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The leaderboards (over all models and per model, with refusal counts and reasons, and linear-scaling's MAPE on
 * the points each predictor answered), the selection scores,
 * the reproduced figures and the predicted curves of the built-in suites, compared exactly (every double to
 * its last bit, as Jackson prints it) with the golden files under {@code src/test/resources/golden/},
 * first captured before the suite runner was reshaped. {@code pollux-extrapolation} and
 * {@code gavel-cross-hardware} run without their three slowest predictors to keep the test fast.
 *
 * <p>To recapture after a deliberate change of a figure, run this test with
 * {@code -Dstepcast.golden.write=DIR}: it writes the files there instead of comparing.
 */
class SuiteGoldenTest {
    /** Every predictor but random-forest, hybrid and xgboost, which take most of these suites' time. */
    static final String FAST = "cart,linear-sgd,pollux,ernest,linear-scaling,mva,simulation,optimus,courier-ols,"
            + "courier-forest,courier-forest-compact";
    private static final ObjectMapper JSON = new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
    private final CliSession cli = new CliSession();

    @ParameterizedTest
    @CsvSource({"default,", "paper-courier,", "paper-tf-async,", "pollux-extrapolation," + "'" + FAST + "'",
        "gavel-cross-hardware," + "'" + FAST + "'", "foreign-multinode,"})
    void builtInSuiteGivesTheGoldenFigures(String suite, String predictors, @TempDir Path out) throws IOException {
        List<String> args = new ArrayList<>(List.of("evaluate", "--suite", suite, "--data",
                System.getProperty("stepcast.shared.data"), "--out", out.toString()));
        if (predictors != null) {
            args.add("--predictors");
            args.add(predictors);
        }
        assertThat(cli.run(args.toArray(String[]::new))).as(cli.err()).isZero();
        String fresh = JSON.writeValueAsString(golden(out));
        String write = System.getProperty("stepcast.golden.write");
        if (write != null && !write.isBlank()) {
            Files.createDirectories(Path.of(write));
            Files.writeString(Path.of(write, suite + ".json"), fresh + "\n");
            return;
        }
        try (InputStream in = SuiteGoldenTest.class.getResourceAsStream("/golden/" + suite + ".json")) {
            assertThat(in).as("golden file for " + suite).isNotNull();
            JsonNode expected = JSON.readTree(in);
            List<String> differences = new ArrayList<>();
            diff(suite, expected, JSON.readTree(fresh), differences);
            assertThat(differences).as("paths where " + suite + " differs from its golden file (expected -> actual)")
                    .isEmpty();
        }
    }

    /** Collects up to 20 paths where the trees differ, with both values. */
    private static void diff(String path, JsonNode expected, JsonNode actual, List<String> out) {
        if (out.size() >= 20) {
            return;
        }
        if (expected.isObject() && actual.isObject()) {
            Set<String> names = new TreeSet<>();
            expected.fieldNames().forEachRemaining(names::add);
            actual.fieldNames().forEachRemaining(names::add);
            for (String n : names) {
                diff(path + "." + n, expected.path(n), actual.path(n), out);
            }
        } else if (expected.isArray() && actual.isArray()) {
            if (expected.size() != actual.size()) {
                out.add(path + ": " + expected.size() + " elements -> " + actual.size());
            }
            for (int i = 0; i < Math.min(expected.size(), actual.size()); i++) {
                diff(path + "[" + i + "]", expected.get(i), actual.get(i), out);
            }
        } else if (expected.isNumber() && actual.isNumber()) {
            if (!close(expected.doubleValue(), actual.doubleValue())) {
                out.add(path + ": " + expected + " -> " + actual);
            }
        } else if (!expected.equals(actual)) {
            out.add(path + ": " + expected + " -> " + actual);
        }
    }

    /**
     * Equal to seven significant digits. The figures are reported to one or two decimals; what lies below depends on
     * the CPU: the JIT's Math.exp/log/pow intrinsics differ by an ulp between processors, and a fit amplifies that (a
     * golden written on one machine differed in the ninth digit on another).
     */
    private static boolean close(double expected, double actual) {
        return expected == actual || Math.abs(expected - actual) <= 1e-7 * Math.max(Math.abs(expected),
                Math.abs(actual)) + 1e-12;
    }

    /** details.json without the wall-clock seconds and the charts' drawn decisions, plus results.json's curves. */
    static JsonNode golden(Path out) throws IOException {
        ObjectNode details = (ObjectNode) JSON.readTree(out.resolve("details.json").toFile());
        details.remove("predictor_seconds");
        // The command names the run's temporary folder: not a figure.
        details.remove("command");
        // The decisions the batch-size charts draw, kept only to draw them again: the selection scores above are the
        // figures, and these predicted latencies are the same fits' answers.
        details.remove("drawn_decisions");
        JsonNode curves = JSON.readTree(out.resolve("results.json").toFile()).get("curves");
        if (curves != null) {
            details.set("curves", curves);
        }
        return details;
    }
}
