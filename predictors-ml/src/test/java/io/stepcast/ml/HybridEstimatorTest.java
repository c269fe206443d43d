package io.stepcast.ml;

import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.plugin.PredictorCodec;
import io.stepcast.ml.hybrid.HybridEstimator;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class HybridEstimatorTest {
    private static final TrainingSet SWEEP = SyntheticObservations.allReduceSweep(2);

    private static Estimator hybrid(PluginRegistry registry) {
        // One grid point and few trees keep the test fast; the grid search itself is tested with the learners.
        return registry.estimator("hybrid").withHyperParameters(Map.of("base", SyntheticComputeOnlyEstimator.NAME,
                "trees", "20", "depth", "4"));
    }

    private static PluginRegistry registry(boolean baseCodec) {
        return PluginRegistry.of(List.of(new MlPlugin(), new SyntheticComputeOnlyEstimator.Plugin(baseCodec)));
    }

    @Test
    void learnedResidualCorrectsTheAnalyticBase() {
        PluginRegistry r = registry(true);
        Predictor base = r.estimator(SyntheticComputeOnlyEstimator.NAME).fit(SWEEP);
        Predictor h = hybrid(r).fit(SWEEP);
        double baseError = 0;
        double hybridError = 0;
        for (int[] p : new int[][] {{4, 2}, {8, 2}, {16, 4}}) {
            Config c = SyntheticObservations.allReduce("large", p[0], p[1], 48);
            double truth = SyntheticObservations.stepTime("large", p[0], p[1], 48);
            baseError += Math.abs(base.predict(c, Target.STEP_TIME).asDouble().orElseThrow() / truth - 1);
            hybridError += Math.abs(h.predict(c, Target.STEP_TIME).asDouble().orElseThrow() / truth - 1);
        }
        assertThat(hybridError).isLessThan(baseError / 2);
        assertThat(h.targets()).containsExactly(Target.STEP_TIME);
        assertThat(h.provenance().estimator()).isEqualTo("hybrid");
        assertThat(h.provenance().hyperParameters()).containsEntry("base", SyntheticComputeOnlyEstimator.NAME);
    }

    @Test
    void notApplicableWhereTheBaseIsNot() {
        Predictor h = hybrid(registry(true)).fit(SWEEP);
        Prediction p = h.predict(SyntheticObservations.allReduce("bert", 4, 2, 32), Target.STEP_TIME);
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) p).reason()).startsWith(SyntheticComputeOnlyEstimator.NAME + ":");
        assertThat(h.predict(SyntheticObservations.allReduce("large", 4, 2, 32), Target.ACCURACY).isValue()).isFalse();
    }

    @Test
    void sameSeedSameModelAndRoundTrip() throws IOException {
        PluginRegistry r = registry(true);
        Predictor a = hybrid(r).fit(SWEEP);
        Predictor b = hybrid(r).fit(SWEEP);
        PredictorCodec codec = r.codecs().get("hybrid");
        Predictor back = codec.decode(codec.encode(a), a.provenance());
        for (int batch : new int[] {8, 20, 64, 100}) {
            Config c = SyntheticObservations.allReduce("small", 8, 4, batch);
            assertThat(b.predict(c, Target.STEP_TIME)).isEqualTo(a.predict(c, Target.STEP_TIME));
            assertThat(back.predict(c, Target.STEP_TIME)).isEqualTo(a.predict(c, Target.STEP_TIME));
        }
        assertThat(back.provenance()).isEqualTo(a.provenance());
    }

    @Test
    void refusesToSaveWhenTheBaseHasNoCodec() {
        PluginRegistry r = registry(false);
        Predictor h = hybrid(r).fit(SWEEP);
        assertThatThrownBy(() -> r.codecs().get("hybrid").encode(h)).isInstanceOf(IOException.class)
                .hasMessageContaining("base 'compute-only' has no codec (this test registers it without its codec)");
    }

    @Test
    void unknownBaseCannotFit() {
        Estimator e = registry(true).estimator("hybrid");
        assertThat(e.hyperParameters()).containsEntry("base", "pollux");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("base", "mva-typo")).fit(SWEEP))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("no analytical estimator named 'mva-typo'");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("base", "hybrid"))).hasMessageContaining("base");
    }

    @Test
    void changingTheLearnerResetsItsParameters() {
        Estimator e = registry(true).estimator("hybrid").withHyperParameters(Map.of("learner", "xgboost",
                "rounds", "20"));
        assertThat(e.hyperParameters()).containsEntry("rounds", "20").doesNotContainKey("trees");
        assertThat(e).isInstanceOf(HybridEstimator.class);
        assertThat(e.withHyperParameters(Map.of("base", SyntheticComputeOnlyEstimator.NAME)).fit(SWEEP)
                .predict(SyntheticObservations.allReduce("small", 4, 2, 32), Target.STEP_TIME).isValue()).isTrue();
    }
}
