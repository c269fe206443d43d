package io.stepcast.analytic;

import io.stepcast.api.Architecture;
import io.stepcast.api.CannotFitException;
import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.analytic.allreduce.TopoPolluxEstimator;
import io.stepcast.analytic.estimators.ErnestEstimator;
import io.stepcast.analytic.estimators.OptimusEstimator;
import io.stepcast.analytic.estimators.PolluxEstimator;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

/** The {@code min-points} hyper-parameter of the closed forms: its lower bound and the refusal of a small group. */
class MinPointsTest {

    private static TrainingSet twoRows(Architecture a) {
        List<Observation> obs = List.of(1, 2).stream().map(w -> {
            var b = Config.builder().model("SyntheticNet").hardware("k80").architecture(a).workers(w).localBatch(32);
            if (a.usesParameterServers()) {
                b.parameterServers(1);
            }
            return new Observation(b.build(), Measurements.builder().stepTimeS(0.1 * w).build(), "synthetic:generated");
        }).toList();
        return TrainingSet.of("two-rows", obs);
    }

    private static void refusesBelow(Estimator e, int min) {
        assertThatThrownBy(() -> e.withHyperParameters(Map.of("min-points", String.valueOf(min - 1))))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessage("hyper-parameter 'min-points' must be at least " + min);
    }

    @Test
    void eachFormRefusesAMinimumBelowWhatItsFitNeeds() {
        refusesBelow(new ErnestEstimator(Optional.empty()), 1);
        refusesBelow(new OptimusEstimator(Optional.empty()), 1);
        refusesBelow(new PolluxEstimator(Optional.empty()), 3);
        refusesBelow(new TopoPolluxEstimator(Optional.empty(), Optional.empty()), 3);
    }

    @Test
    void rowsOfOneWorkerOnlyAreRefusedForThatNotForEachGroupsCount() {
        // Synthetic single-GPU rows of three models at two batches: no row shows how the step grows with workers.
        List<Observation> obs = List.of("NetA", "NetB", "NetC").stream().flatMap(m -> List.of(32, 64).stream()
                .map(b -> new Observation(Config.builder().model(m).hardware("k80").architecture(Architecture.ALLREDUCE)
                        .workers(1).localBatch(b).build(), Measurements.builder().stepTimeS(0.001 * b).build(),
                        "synthetic:generated"))).toList();
        for (Estimator e : List.of(new ErnestEstimator(Optional.empty()), new PolluxEstimator(Optional.empty()))) {
            assertThatThrownBy(() -> e.fit(TrainingSet.of("one-gpu", obs))).isInstanceOf(CannotFitException.class)
                    .hasMessageContaining("every row of training set one-gpu ran on one worker")
                    .hasMessageNotContaining("distinct configurations");
        }
    }

    @Test
    void aGroupWithFewerPointsIsNotFittedAndTheReasonSaysHowMany() {
        assertThatThrownBy(() -> new ErnestEstimator(Optional.empty()).fit(twoRows(Architecture.ALLREDUCE)))
                .isInstanceOf(CannotFitException.class)
                .hasMessageContaining("only 2 distinct configurations, ernest needs 4");
        assertThatThrownBy(() -> new OptimusEstimator(Optional.empty()).fit(twoRows(Architecture.SYNC_PS)))
                .isInstanceOf(CannotFitException.class)
                .hasMessageContaining("only 2 distinct (workers, servers, batch) configurations, optimus needs 3");
        assertThatThrownBy(() -> new PolluxEstimator(Optional.empty()).fit(twoRows(Architecture.ALLREDUCE)))
                .isInstanceOf(CannotFitException.class)
                .hasMessageContaining("only 2 observations, pollux needs 8");
        assertThatThrownBy(() -> new TopoPolluxEstimator(Optional.empty(), Optional.empty())
                .fit(twoRows(Architecture.ALLREDUCE)))
                .isInstanceOf(CannotFitException.class)
                .hasMessageContaining("only 2 observations, pollux-topo needs 8");
    }
}
