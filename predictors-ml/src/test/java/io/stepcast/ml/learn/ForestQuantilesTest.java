package io.stepcast.ml.learn;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.ml.SyntheticObservations;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The quantile-forest intervals of the tree models (Meinshausen 2006) on SYNTHETIC heteroscedastic step times
 * (mechanics only): the noise grows with the worker count, so must the interval, and fresh draws fall inside
 * it at about the stated level.
 */
class ForestQuantilesTest {
    /** Step time 1 s with Gaussian noise of sd 0.02 s per worker. */
    private static List<Observation> draws(long seed, int perLevel) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<Observation> out = new ArrayList<>();
        for (int w = 1; w <= 8; w++) {
            for (int i = 0; i < perLevel; i++) {
                double t = 1 + 0.02 * w * gaussian(rng);
                out.add(new Observation(job(w), Measurements.builder().stepTimeS(t).build(), "synthetic", i, Map.of()));
            }
        }
        return out;
    }

    private static Config job(int workers) {
        return SyntheticObservations.allReduce("resnet50", workers, 1, 32);
    }

    private static double gaussian(SplittableRandom rng) {
        return Math.sqrt(-2 * Math.log(1 - rng.nextDouble())) * Math.cos(2 * Math.PI * rng.nextDouble());
    }

    private static Predictor forest() {
        return new TribuoEstimator(LearnerKind.RANDOM_FOREST).withHyperParameters(Map.of("features", "workers",
                "log-target", "false", "depth", "4", "min-child-weight", "5")).fit(TrainingSet.of("synthetic", draws(1, 60)));
    }

    @Test
    void intervalWidensWithTheNoiseAndCoversFreshDraws() {
        Predictor p = forest();
        Prediction.Value one = (Prediction.Value) p.predict(job(1), Target.STEP_TIME);
        Prediction.Value eight = (Prediction.Value) p.predict(job(8), Target.STEP_TIME);
        assertThat(one.coverage()).hasValue(LearnedPredictor.NATIVE_COVERAGE);
        double narrow = one.upper().getAsDouble() - one.lower().getAsDouble();
        double wide = eight.upper().getAsDouble() - eight.lower().getAsDouble();
        // 0.9 interval of N(1, sd): 3.29 sd wide; sd 0.02 at one worker, 0.16 at eight.
        assertThat(narrow).isBetween(0.03, 0.12);
        assertThat(wide).isGreaterThan(4 * narrow);
        int inside = 0;
        List<Observation> fresh = draws(2, 50);
        for (Observation o : fresh) {
            inside += ((Prediction.Value) p.predict(o.config(), Target.STEP_TIME)).covers(o.value(Target.STEP_TIME)
                    .getAsDouble()) ? 1 : 0;
        }
        assertThat((double) inside / fresh.size()).isBetween(0.82, 0.97);
    }

    @Test
    void anyLevelOnRequestAndThePointUnchanged() {
        Predictor p = forest();
        Prediction.Value half = (Prediction.Value) p.predict(job(4), Target.STEP_TIME, 0.5);
        Prediction.Value ninetyNine = (Prediction.Value) p.predict(job(4), Target.STEP_TIME, 0.99);
        assertThat(half.coverage()).hasValue(0.5);
        assertThat(half.lower().getAsDouble()).isGreaterThanOrEqualTo(ninetyNine.lower().getAsDouble());
        assertThat(half.upper().getAsDouble()).isLessThanOrEqualTo(ninetyNine.upper().getAsDouble());
        assertThat(half.value()).isEqualTo(ninetyNine.value());
        FittedRegression r = ((LearnedPredictor) p).models().get(Target.STEP_TIME);
        for (int w = 1; w <= 8; w++) {
            assertThat(p.predict(job(w), Target.STEP_TIME).asDouble()).isEqualTo(r.predict(job(w)).asDouble());
        }
    }

    @Test
    void theRangeOfNDrawsHoldsAFurtherOneWithProbabilityNMinusOneOverNPlusOne() {
        assertThat(ForestQuantiles.attainableLevel(1)).isZero();
        assertThat(ForestQuantiles.attainableLevel(2)).isCloseTo(1.0 / 3, within(1e-15));
        assertThat(ForestQuantiles.attainableLevel(19)).isCloseTo(0.9, within(1e-15));
        assertThat(ForestQuantiles.attainableLevel(0.5)).isZero();
    }

    @Test
    void aTreeWhoseLeavesHoldTooFewRowsGivesItsRangeButStatesNoLevel() {
        // One tree grown until its leaves hold 2 rows at least: a leaf of n rows supports (n - 1) / (n + 1) at most.
        Predictor tree = new TribuoEstimator(LearnerKind.CART).withHyperParameters(Map.of("features", "workers",
                "log-target", "false", "depth", "12", "min-child-weight", "2")).fit(TrainingSet.of("synthetic",
                draws(1, 3)));
        Prediction.Value v = (Prediction.Value) tree.predict(job(3), Target.STEP_TIME, 0.9);
        assertThat(v.hasInterval()).isTrue();
        assertThat(v.coverage()).isEmpty();
        // A low enough level is within reach of every leaf of two rows or more.
        assertThat(((Prediction.Value) tree.predict(job(3), Target.STEP_TIME, 0.3)).coverage()).hasValue(0.3);
        // The forest of the test above has leaves of at least 5 rows over 100 trees: it states the default level.
        assertThat(((Prediction.Value) forest().predict(job(3), Target.STEP_TIME)).coverage())
                .hasValue(LearnedPredictor.NATIVE_COVERAGE);
    }

    @Test
    void boostedTreesAndLinearModelsStayPoints() {
        Predictor sgd = new TribuoEstimator(LearnerKind.LINEAR_SGD).withHyperParameters(Map.of("features", "workers"))
                .fit(TrainingSet.of("synthetic", draws(1, 10)));
        assertThat(sgd.predict(job(2), Target.STEP_TIME).hasInterval()).isFalse();
    }
}
