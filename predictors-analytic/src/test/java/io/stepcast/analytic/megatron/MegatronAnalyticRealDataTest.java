package io.stepcast.analytic.megatron;

import io.stepcast.api.Observation;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code megatron-analytic} on vTrain's 1,440 measured single-node A100 iterations: leave one model shape
 * (hidden x layers x heads) out, fitted on the other seven shapes each time (the {@code logo:shape} side of
 * the {@code llm-megatron} suite, whose full run with the learned comparators takes minutes and is not a test).
 */
class MegatronAnalyticRealDataTest {
    static final Path DATA = Path.of(System.getProperty("stepcast.shared.data", "../../shared/data"));

    static List<Observation> vtrain() throws IOException {
        return new DefaultObservationCatalog().observations("vtrain", Optional.of(DATA));
    }

    static MegatronAnalyticEstimator estimator() {
        return new MegatronAnalyticEstimator(Optional.of(new ZooCatalog()), Optional.of(new DefaultHardwareCatalog()));
    }

    static double mape(Predictor p, List<Observation> test) {
        return test.stream().mapToDouble(o -> {
            Prediction pr = p.predict(o.config(), Target.STEP_TIME);
            assertThat(pr.isValue()).as(pr.toString()).isTrue();
            double y = o.value(Target.STEP_TIME).getAsDouble();
            return 100 * Math.abs(pr.asDouble().getAsDouble() - y) / y;
        }).average().orElseThrow();
    }

    @Test
    void theDefaultConstantsAreTheFitOnAllRows() throws IOException {
        Predictor p = estimator().fit(TrainingSet.of("vtrain", vtrain()));
        Efficiency e = ((MegatronPredictor) p).efficiency();
        Efficiency d = Efficiency.VTRAIN_A100;
        System.out.println("megatron-analytic fitted on all rows: " + e);
        assertThat(e.flops()).isCloseTo(d.flops(), org.assertj.core.api.Assertions.within(0.01));
        assertThat(e.memory()).isCloseTo(d.memory(), org.assertj.core.api.Assertions.within(0.01));
        assertThat(e.tensorLink()).isCloseTo(d.tensorLink(), org.assertj.core.api.Assertions.within(0.01));
        assertThat(e.hostS()).isCloseTo(d.hostS(), org.assertj.core.api.Assertions.within(5e-5));
        assertThat(e.iterationS()).isCloseTo(d.iterationS(), org.assertj.core.api.Assertions.within(5e-4));
        assertThat(e.overlap()).isCloseTo(d.overlap(), org.assertj.core.api.Assertions.within(0.05));
        assertThat(e.endHostS()).isCloseTo(d.endHostS(), org.assertj.core.api.Assertions.within(5e-5));
        assertThat(e.unfusedSoftmaxS()).isCloseTo(d.unfusedSoftmaxS(), org.assertj.core.api.Assertions.within(5e-5));
        Predictor fixed = estimator().withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("none", List.of()));
        assertThat(mape(fixed, vtrain())).isLessThan(6.5);
    }

    @Test
    void leaveOneShapeOutIsWithinTheBound() throws IOException {
        List<Observation> all = vtrain();
        Map<String, List<Observation>> byShape = all.stream()
                .collect(Collectors.groupingBy(o -> o.tags().get("shape"), TreeMap::new, Collectors.toList()));
        assertThat(byShape).hasSize(8);
        double sum = 0;
        for (Map.Entry<String, List<Observation>> e : byShape.entrySet()) {
            List<Observation> train = all.stream().filter(o -> !o.tags().get("shape").equals(e.getKey())).toList();
            Predictor p = estimator().fit(TrainingSet.of("vtrain/-" + e.getKey(), train));
            double m = mape(p, e.getValue());
            System.out.printf("megatron-analytic leave-out %s: MAPE %.2f%% (n=%d) %s%n", e.getKey(), m,
                    e.getValue().size(), ((MegatronPredictor) p).efficiency());
            sum += m * e.getValue().size();
        }
        double loso = sum / all.size();
        System.out.printf("megatron-analytic leave-one-shape-out MAPE %.2f%%%n", loso);
        // vTrain (Bang et al., MICRO 2024) reports 8.37% on its single-node configurations; the project's target is
        // 6%. The model prices tensor-parallel all-reduces at NCCL's measured times rather than a fitted link
        // efficiency, which misses this target by a fraction of a point (the fitted efficiency also soaked up
        // costs of these launch-bound runs that do not carry to large models); the bound keeps it from sliding.
        assertThat(loso).isLessThanOrEqualTo(6.25);
    }
}
