package io.stepcast.ml;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.CannotFitException;
import io.stepcast.ml.learn.LearnerKind;
import io.stepcast.ml.learn.TribuoEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TribuoEstimatorTest {
    private static final TrainingSet SWEEP = SyntheticObservations.allReduceSweep(1);

    @ParameterizedTest
    @EnumSource(LearnerKind.class)
    void learnsSyntheticStepTimeWithinTolerance(LearnerKind kind) {
        Predictor p = new TribuoEstimator(kind).fit(SWEEP);
        assertThat(p.targets()).contains(Target.STEP_TIME, Target.THROUGHPUT).doesNotContain(Target.ACCURACY);
        // Interpolation inside the design: a placement and batch that were measured for the other model.
        Config c = SyntheticObservations.allReduce("large", 8, 2, 32);
        double truth = SyntheticObservations.stepTime("large", 8, 2, 32);
        double predicted = p.predict(c, Target.STEP_TIME).asDouble().orElseThrow();
        double tolerance = kind == LearnerKind.LINEAR_SGD ? 0.35 : 0.25;
        assertThat(Math.abs(predicted / truth - 1)).isLessThan(tolerance);
        assertThat(p.provenance().hyperParameters()).containsKey("step-time.seed".replace("seed", firstKey(kind)));
        assertThat(p.provenance().versions()).containsKey("tribuo");
    }

    private static String firstKey(LearnerKind kind) {
        return kind.defaults().values().keySet().iterator().next();
    }

    @ParameterizedTest
    @EnumSource(LearnerKind.class)
    void sameSeedSameModel(LearnerKind kind) {
        Estimator e = new TribuoEstimator(kind);
        Predictor a = e.fit(SWEEP);
        Predictor b = e.fit(SWEEP);
        for (int batch : new int[] {8, 24, 100}) {
            Config c = SyntheticObservations.allReduce("small", 4, 2, batch);
            assertThat(a.predict(c, Target.THROUGHPUT)).isEqualTo(b.predict(c, Target.THROUGHPUT));
        }
        assertThat(a.provenance()).isEqualTo(b.provenance());
    }

    @ParameterizedTest
    @EnumSource(value = LearnerKind.class, names = {"RANDOM_FOREST", "XGBOOST"})
    void concurrentPredictionsEqualSequentialOnes(LearnerKind kind) throws Exception {
        Predictor p = new TribuoEstimator(kind).withHyperParameters(Map.of("depth", "4")).fit(SWEEP);
        List<Config> configs = SWEEP.observations().stream().map(o -> o.config()).toList();
        List<Prediction> sequential = configs.stream().map(c -> p.predict(c, Target.STEP_TIME)).toList();
        var pool = Executors.newFixedThreadPool(4);
        try {
            List<Future<List<Prediction>>> futures = new ArrayList<>();
            for (int t = 0; t < 4; t++) {
                futures.add(pool.submit(() -> configs.stream().map(c -> p.predict(c, Target.STEP_TIME)).toList()));
            }
            for (var f : futures) {
                assertThat(f.get()).isEqualTo(sequential);
            }
        } finally {
            pool.shutdownNow();
        }
    }

    @Test
    void refusesUnseenModelsAndUnmeasuredTargets() {
        Predictor p = new TribuoEstimator(LearnerKind.CART).fit(SWEEP);
        Prediction unseen = p.predict(SyntheticObservations.allReduce("bert", 4, 2, 32), Target.STEP_TIME);
        assertThat(unseen).isInstanceOf(Prediction.NotApplicable.class);
        assertThat(((Prediction.NotApplicable) unseen).reason()).contains("model 'bert'");
        Prediction accuracy = p.predict(SyntheticObservations.allReduce("small", 4, 2, 32), Target.ACCURACY);
        assertThat(((Prediction.NotApplicable) accuracy).reason()).contains("not fitted for accuracy");
    }

    @Test
    void hyperParametersAreValidatedAndCopied() {
        Estimator e = new TribuoEstimator(LearnerKind.RANDOM_FOREST);
        Estimator f = e.withHyperParameters(Map.of("trees", "10", "depth", "3"));
        assertThat(e.hyperParameters()).containsEntry("trees", "100");
        assertThat(f.hyperParameters()).containsEntry("trees", "10");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("depht", "3"))).hasMessageContaining("depht");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("features", "workers,gpu-speed")))
                .hasMessageContaining("gpu-speed");
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("impurity", "gini"))).hasMessageContaining("impurity");
    }

    @Test
    void tooFewObservationsCannotFit() {
        TrainingSet tiny = TrainingSet.of("tiny", List.of(SWEEP.observations().get(0), SWEEP.observations().get(1)));
        assertThatThrownBy(() -> new TribuoEstimator(LearnerKind.XGBOOST).fit(tiny))
                .isInstanceOf(CannotFitException.class).hasMessageContaining("step-time=2");
    }
}
