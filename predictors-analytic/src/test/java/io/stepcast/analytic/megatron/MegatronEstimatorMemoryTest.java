package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.Estimator;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.PeakMemory;
import io.stepcast.api.Predictor;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * The Megatron estimators answer the peak memory per GPU without a fit, and exactly what their fitted predictors
 * report: a suite scores memory through the estimator, the predictions carry the predictor's.
 */
class MegatronEstimatorMemoryTest {
    private static final List<Config> JOBS = List.of(
            job("gpt-l12-h512-a8-s1024-v50304", ParallelLayout.builderForGlobalBatch(1, 2, 4, 4, 32).build(), 1),
            job("gpt-l48-h4096-a32-s2048-v50304", ParallelLayout.builderForGlobalBatch(8, 2, 4, 1, 64)
            .sequenceParallel(true).recompute(Recompute.SELECTIVE).precision(Precision.FP16).build(), 8),
            job("gpt-l24-h2048-a16-s1024-v50304", ParallelLayout.builderForGlobalBatch(2, 1, 4, 2, 64).build(), 1));

    private static Config job(String model, ParallelLayout layout, int nodes) {
        return Config.builder().model(model).hardware("dgx-a100").parallel(layout).nodes(nodes).build();
    }

    @Test
    void publishedConstantsSayTheyTookNothingFromTheRowsGiven() {
        Config row = JOBS.get(0);
        Predictor p = MegatronAnalyticRealDataTest.estimator().withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                .fit(TrainingSet.of("my-runs.csv", List.of(new Observation(row,
                        Measurements.builder().stepTimeS(5.0).build(), "synthetic"))));
        assertThat(p.provenance().trainingSize()).isZero();
        assertThat(p.provenance().trainingSetId()).isEqualTo(MegatronEstimator.PUBLISHED_CONSTANTS)
                .startsWith("vtrain-a100 constants");
    }

    @Test
    void theEstimatorsMemoryIsTheFittedPredictorsBitForBit() {
        for (Estimator e : List.of(MegatronAnalyticRealDataTest.estimator(), MegatronSimulationRealDataTest.estimator())) {
            PeakMemory fitted = (PeakMemory) e.withHyperParameters(Map.of("efficiency", "vtrain-a100"))
                    .fit(TrainingSet.of("none", List.of()));
            for (Config c : JOBS) {
                OptionalDouble unfitted = ((PeakMemory) e).peakMemoryBytes(c);
                assertThat(unfitted).as(e.name() + " " + c.model()).isPresent();
                assertThat(unfitted.getAsDouble()).isEqualTo(fitted.peakMemoryBytes(c).getAsDouble());
            }
            // the hyper-parameters time the iteration; they leave the memory alone
            assertThat(((PeakMemory) e.withHyperParameters(Map.of("overlap-dp", "true"))).peakMemoryBytes(JOBS.get(0)))
                    .isEqualTo(((PeakMemory) e).peakMemoryBytes(JOBS.get(0)));
        }
    }

    @Test
    void withoutTheCatalogsOrForAnUnknownModelThereIsNoEstimate() {
        PeakMemory bare = new MegatronAnalyticEstimator(Optional.empty(), Optional.empty());
        assertThat(bare.peakMemoryBytes(JOBS.get(0))).isEmpty();
        PeakMemory e = MegatronAnalyticRealDataTest.estimator();
        assertThat(e.peakMemoryBytes(job("no-such-model", ParallelLayout.builderForGlobalBatch(1, 1, 8, 4, 32)
                .build(), 1))).isEmpty();
    }
}
