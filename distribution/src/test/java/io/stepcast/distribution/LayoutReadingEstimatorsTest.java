package io.stepcast.distribution;

import io.stepcast.api.Estimator;
import io.stepcast.api.plugin.PluginRegistry;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;
import java.util.TreeSet;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Which registered estimators read a configuration's parallel layout ({@link Estimator#readsParallelLayout}), the
 * predictors {@code sweep}'s layout axes accept: the Megatron ones, and a learned one only when its features name a
 * layout feature (as the {@code llm-megatron} suite gives them).
 */
class LayoutReadingEstimatorsTest {
    private static final Map<String, Estimator> ESTIMATORS = PluginRegistry.discover().estimators();

    @Test
    void onlyTheMegatronEstimatorsReadLayoutsByDefault() {
        TreeSet<String> reading = new TreeSet<>();
        ESTIMATORS.forEach((name, e) -> {
            if (e.readsParallelLayout()) {
                reading.add(name);
            }
        });
        assertThat(reading).containsExactly("megatron-analytic", "megatron-simulation");
    }

    @Test
    void aLearnedEstimatorWithLayoutFeaturesReadsThem() {
        Estimator xgboost = ESTIMATORS.get("xgboost");
        assertThat(xgboost.withHyperParameters(Map.of("features", "tensor-parallel,pipeline-parallel,model"))
                .readsParallelLayout()).isTrue();
        assertThat(xgboost.withHyperParameters(Map.of("features", "workers,model")).readsParallelLayout()).isFalse();
        // The features sweep's refusal of a learned predictor suggests, read by every learner.
        for (String learner : List.of("cart", "random-forest", "xgboost", "linear-sgd")) {
            assertThat(ESTIMATORS.get(learner).withHyperParameters(Map.of("features",
                    "model,log2-global-batch,tensor-parallel,pipeline-parallel,data-parallel")).readsParallelLayout())
                    .as(learner).isTrue();
        }
    }
}
