package io.stepcast.distribution;

import io.stepcast.api.Estimator;
import io.stepcast.api.Observation;
import io.stepcast.api.Predictor;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.model.SavedPredictors;
import io.stepcast.models.uncertainty.SplitConformalEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The registry of the assembled class path builds (every estimator has its codec), and every registered estimator,
 * fitted on real data, saved as {@code stepcast fit --save} saves it and loaded as {@code predict} loads it,
 * predicts exactly what the fitted one did; saving the loaded one again writes the same file.
 */
class EveryEstimatorRoundTripTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.discover();

    @Test
    void theAssembledRegistryBuildsWithACodecForEveryEstimatorAndACaseForEach() {
        assertThat(REGISTRY.notPersistable()).isEmpty();
        assertThat(REGISTRY.codecs().keySet()).isEqualTo(REGISTRY.estimators().keySet());
        assertThat(EveryEstimator.CASES.stream().map(EveryEstimator::estimator).toList())
                .containsExactlyInAnyOrderElementsOf(REGISTRY.estimators().keySet());
    }

    static List<EveryEstimator> cases() {
        return EveryEstimator.CASES;
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aSavedAndLoadedPredictorPredictsExactlyAsTheFittedOne(EveryEstimator c, @TempDir Path dir) throws IOException {
        roundTrip(c.estimator(REGISTRY), c, dir);
    }

    @Test
    void aSplitConformalFitKeepsItsIntervals(@TempDir Path dir) throws IOException {
        for (EveryEstimator c : EveryEstimator.CASES) {
            if (c.estimator().equals("ernest") || c.estimator().equals("cart")) {
                roundTrip(new SplitConformalEstimator(c.estimator(REGISTRY)).withCoverage(0.9), c,
                        Files.createDirectory(dir.resolve(c.estimator())));
            }
        }
    }

    private static void roundTrip(Estimator estimator, EveryEstimator c, Path dir) throws IOException {
        Predictor fitted = estimator.fit(c.training(REGISTRY));
        Path file = dir.resolve(c.estimator() + ".model.json");
        SavedPredictors.save(REGISTRY, fitted, file);
        Predictor loaded = SavedPredictors.load(REGISTRY, file);
        assertThat(loaded.provenance()).isEqualTo(fitted.provenance());
        List<Observation> rows = c.rows(REGISTRY);
        List<String> expected = PredictionLines.of(fitted, rows);
        assertThat(PredictionLines.answered(expected)).as(c.estimator() + " answers").isPositive();
        assertThat(PredictionLines.of(loaded, rows)).as(c.estimator()).isEqualTo(expected);
        Path again = dir.resolve(c.estimator() + ".again.model.json");
        SavedPredictors.save(REGISTRY, loaded, again);
        assertThat(Files.readString(again)).as(c.estimator()).isEqualTo(Files.readString(file));
    }
}
