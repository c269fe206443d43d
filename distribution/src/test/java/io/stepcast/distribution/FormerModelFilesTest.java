package io.stepcast.distribution;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Predictor;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.model.SavedPredictors;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Model files that {@code stepcast fit --save} wrote before the versioned envelope (model file version 1, each codec's
 * former payload in Base64), one per saved estimator but the Megatron ones and two split-conformal fits, each
 * recorded with what it predicted then on rows of its source ({@link EveryEstimator}): every one still loads and
 * predicts exactly that. The Megatron predictors' cost model changed after their last plain-text files, so such a
 * file cannot predict what it did; {@code MegatronCodecTest} loads their former payload.
 */
class FormerModelFilesTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.discover();
    private static final String SUFFIX = ".model.json";

    static Stream<String> files() throws IOException, URISyntaxException {
        try (Stream<Path> s = Files.list(folder())) {
            return s.map(p -> p.getFileName().toString()).filter(n -> n.endsWith(SUFFIX))
                    .map(n -> n.substring(0, n.length() - SUFFIX.length())).sorted().toList().stream();
        }
    }

    private static Path folder() throws URISyntaxException {
        return Path.of(FormerModelFilesTest.class.getResource("former-models").toURI());
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("files")
    void aFormerModelFileLoadsAndPredictsWhatItDidWhenSaved(String name) throws Exception {
        Path file = folder().resolve(name + SUFFIX);
        JsonNode root = new ObjectMapper().readTree(file.toFile());
        assertThat(root.get("version").asInt()).as("a file of the former format").isEqualTo(1);
        assertThat(root.get("payload").isTextual()).isTrue();
        Predictor loaded = SavedPredictors.load(REGISTRY, file);
        String estimator = name.replace("+conformal", "");
        EveryEstimator c = EveryEstimator.CASES.stream().filter(x -> x.estimator().equals(estimator)).findFirst()
                .orElseThrow();
        List<String> expected = Files.readAllLines(folder().resolve(name + ".expected.tsv"));
        assertThat(PredictionLines.answered(expected)).isPositive();
        assertThat(PredictionLines.of(loaded, c.rows(REGISTRY))).as(name).isEqualTo(expected);
    }

    @org.junit.jupiter.api.Test
    void everyConvertedEstimatorHasAFormerFile() throws Exception {
        List<String> names = files().toList();
        for (EveryEstimator c : EveryEstimator.CASES) {
            if (!c.estimator().startsWith("megatron-")) {
                assertThat(names).contains(c.estimator());
            }
        }
        assertThat(names).contains("ernest+conformal", "cart+conformal");
    }
}
