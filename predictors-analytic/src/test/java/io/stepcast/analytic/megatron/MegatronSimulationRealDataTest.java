package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * {@code megatron-simulation} on vTrain's 1,440 measured single-node A100 iterations, leave one model shape out
 * (the {@code logo:shape} side of {@code llm-megatron}), and its agreement with the closed form where the two
 * must agree.
 */
class MegatronSimulationRealDataTest {

    static MegatronSimulationEstimator estimator() {
        return new MegatronSimulationEstimator(Optional.of(new ZooCatalog()), Optional.of(new DefaultHardwareCatalog()));
    }

    @Test
    void leaveOneShapeOut() throws IOException {
        List<Observation> all = MegatronAnalyticRealDataTest.vtrain();
        Map<String, List<Observation>> byShape = all.stream()
                .collect(Collectors.groupingBy(o -> o.tags().get("shape"), TreeMap::new, Collectors.toList()));
        double sum = 0;
        for (Map.Entry<String, List<Observation>> e : byShape.entrySet()) {
            List<Observation> train = all.stream().filter(o -> !o.tags().get("shape").equals(e.getKey())).toList();
            Predictor p = estimator().fit(TrainingSet.of("vtrain/-" + e.getKey(), train));
            double m = MegatronAnalyticRealDataTest.mape(p, e.getValue());
            System.out.printf("megatron-simulation leave-out %s: MAPE %.2f%% (n=%d)%n", e.getKey(), m, e.getValue().size());
            sum += m * e.getValue().size();
        }
        double loso = sum / all.size();
        System.out.printf("megatron-simulation leave-one-shape-out MAPE %.2f%%%n", loso);
        // Measured tensor-parallel all-reduces in place of a fitted link efficiency cost these launch-bound runs a
        // fraction of a point (see MegatronAnalyticRealDataTest); the bound keeps it from sliding further.
        assertThat(loso).isLessThanOrEqualTo(6.75);
    }

    @Test
    void withOneStageTheSimulationIsTheClosedForm() throws IOException {
        Predictor sim = estimator().withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));
        Predictor closed = MegatronAnalyticRealDataTest.estimator().withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of()));
        int checked = 0;
        for (Observation o : MegatronAnalyticRealDataTest.vtrain()) {
            if (o.config().parallel().orElseThrow().pipeline() == 1) {
                double a = closed.predict(o.config(), Target.STEP_TIME).asDouble().getAsDouble();
                double s = sim.predict(o.config(), Target.STEP_TIME).asDouble().getAsDouble();
                assertThat(s).isCloseTo(a, within(1e-12 * a));
                checked++;
            }
        }
        assertThat(checked).isPositive();
    }

    @Test
    void multiNodeLayoutsAreAnswered() {
        Predictor sim = estimator().withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));
        // Synthetic layouts of a 48-layer GPT on DGX A100 nodes: 64 GPUs (TP 8 x DP 8) and 512 (TP 8, PP 8, DP 8).
        for (ParallelLayout layout : List.of(ParallelLayout.builderForGlobalBatch(8, 1, 8, 1, 512).build(),
                ParallelLayout.builderForGlobalBatch(8, 8, 8, 1, 512)
                .build(), ParallelLayout.builderForGlobalBatch(4, 4, 4, 2, 256).build())) {
            Config c = Config.builder().model("gpt-l48-h4096-a32-s2048-v50304").hardware("dgx-a100").parallel(layout)
                    .nodes((layout.gpus() + 7) / 8).build();
            Prediction p = sim.predict(c, Target.STEP_TIME);
            assertThat(p.isValue()).as(p.toString()).isTrue();
            assertThat(p.asDouble().getAsDouble()).isPositive();
        }
    }
}
