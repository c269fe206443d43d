package io.stepcast.ml;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code fit(training, targets)} answers the asked targets exactly as the full fit does (values bit for bit,
 * refusals with the same reason), on synthetic Courier and all-reduce sweeps.
 */
class TargetedFitTest {
    private static final PluginRegistry REGISTRY = PluginRegistry.of(List.of(new MlPlugin(),
            new SyntheticComputeOnlyEstimator.Plugin(true)));
    private static final TrainingSet COURIER = SyntheticObservations.courierFactorial(5);
    private static final List<Config> COURIER_PROBES = List.of(
            SyntheticObservations.courierJob("lenet5", 2, 3, 192), SyntheticObservations.courierJob("mlp", 8, 1, 1024),
            SyntheticObservations.courierJob("lenet5", 1, 5, 64));

    @Test
    void learnerAnswersTheAskedTargetAsTheFullFitAndRefusesTheOthers() {
        Estimator cart = REGISTRY.estimator("cart");
        Predictor full = cart.fit(COURIER);
        Predictor time = cart.fit(COURIER, Set.of(Target.RESPONSE_TIME));
        assertSameAnswers(full, time, COURIER_PROBES, Target.RESPONSE_TIME, Target.STEP_TIME);
        assertThat(time.targets()).containsExactly(Target.RESPONSE_TIME);
        assertThat(full.targets()).containsExactlyInAnyOrder(Target.RESPONSE_TIME, Target.ACCURACY);
        assertThat(reason(time.predict(COURIER_PROBES.get(0), Target.ACCURACY))).contains("not asked for");
    }

    @Test
    void courierForestAnswersTheAskedTargetAsTheFullFit() {
        Estimator forest = REGISTRY.estimator("courier-forest").withHyperParameters(Map.of("time-trees", "10",
                "accuracy-trees", "10"));
        Predictor full = forest.fit(COURIER);
        Predictor time = forest.fit(COURIER, Set.of(Target.RESPONSE_TIME));
        assertSameAnswers(full, time, COURIER_PROBES, Target.RESPONSE_TIME, Target.THROUGHPUT);
        assertThat(time.targets()).containsExactly(Target.RESPONSE_TIME);
    }

    @Test
    void aTargetWithTooFewRowsIsRefusedAsByTheFullFit() {
        // Accuracy measured on 2 rows only: below min-rows 4, so neither fit learns it.
        List<Observation> obs = new ArrayList<>();
        for (Observation o : COURIER.observations()) {
            Measurements.Builder m = Measurements.builder().responseTimeS(o.value(Target.RESPONSE_TIME).orElseThrow());
            if (obs.size() < 2) {
                m.accuracy(o.value(Target.ACCURACY).orElseThrow());
            }
            obs.add(new Observation(o.config(), m.build(), o.source(), o.replication(), o.tags()));
        }
        TrainingSet few = TrainingSet.of("synthetic-few-accuracy", obs);
        Estimator cart = REGISTRY.estimator("cart");
        Predictor full = cart.fit(few);
        assertSameAnswers(full, cart.fit(few, Set.of(Target.ACCURACY)), COURIER_PROBES, Target.ACCURACY);
        assertSameAnswers(full, cart.fit(few, Set.of(Target.ACCURACY, Target.RESPONSE_TIME)), COURIER_PROBES,
                Target.ACCURACY, Target.RESPONSE_TIME);
    }

    @Test
    void hybridAnswersTheAskedTargetAsTheFullFit() {
        TrainingSet sweep = SyntheticObservations.allReduceSweep(3);
        Estimator hybrid = REGISTRY.estimator("hybrid").withHyperParameters(Map.of("base",
                SyntheticComputeOnlyEstimator.NAME, "trees", "10", "depth", "3,4"));
        Predictor full = hybrid.fit(sweep);
        List<Config> probes = List.of(SyntheticObservations.allReduce("large", 4, 2, 48),
                SyntheticObservations.allReduce("small", 16, 4, 24));
        assertSameAnswers(full, hybrid.fit(sweep, Set.of(Target.STEP_TIME)), probes, Target.STEP_TIME);
        // Nothing the base offers is asked: the full fit decides.
        assertSameAnswers(full, hybrid.fit(sweep, Set.of(Target.THROUGHPUT)), probes, Target.STEP_TIME,
                Target.THROUGHPUT);
    }

    private static void assertSameAnswers(Predictor full, Predictor targeted, List<Config> probes, Target... targets) {
        for (Config c : probes) {
            for (Target t : targets) {
                Prediction a = full.predict(c, t);
                Prediction b = targeted.predict(c, t);
                if (a.isValue()) {
                    assertThat(Double.doubleToRawLongBits(b.asDouble().orElseThrow()))
                            .as("%s at %s", t, c).isEqualTo(Double.doubleToRawLongBits(a.asDouble().orElseThrow()));
                } else {
                    assertThat(reason(b)).as("%s at %s", t, c).isEqualTo(reason(a));
                }
            }
        }
    }

    private static String reason(Prediction p) {
        assertThat(p).isInstanceOf(Prediction.NotApplicable.class);
        return ((Prediction.NotApplicable) p).reason();
    }
}
