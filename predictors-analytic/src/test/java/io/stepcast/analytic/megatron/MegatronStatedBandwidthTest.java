package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import org.junit.jupiter.api.Test;

import java.util.List;
import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * A layout's stated link bandwidths replace the catalog's in the Megatron cost model (synthetic layouts, default
 * constants): a narrower intra-node link slows tensor parallelism, a narrower NIC the data-parallel all-reduce
 * across nodes, and the catalogued figures are what an unstated configuration gets.
 */
class MegatronStatedBandwidthTest {
    private final Predictor p = MegatronAnalyticRealDataTest.estimator()
            .withHyperParameters(Map.of("efficiency", "vtrain-a100")).fit(TrainingSet.of("none", List.of()));

    private double seconds(Config c) {
        Prediction pr = p.predict(c, Target.STEP_TIME);
        assertThat(pr.isValue()).as(pr.toString()).isTrue();
        return pr.asDouble().getAsDouble();
    }

    @Test
    void statedBandwidthsReplaceTheCatalogs() {
        // 64 GPUs = 8 DGX A100 nodes: TP 8 inside each node, DP 8 across the nodes.
        Config dgx = Config.builder().model("gpt-l48-h4096-a32-s2048-v50304").hardware("dgx-a100")
                .parallel(ParallelLayout.builderForGlobalBatch(8, 1, 8, 1, 512).build()).nodes(8).build();
        double catalogued = seconds(dgx);
        double narrowIntra = seconds(dgx.toBuilder().intraNodeGbps(100).build());
        double narrowNic = seconds(dgx.toBuilder().bandwidthGbps(10).build());
        assertThat(narrowIntra).isGreaterThan(catalogued);
        assertThat(narrowNic).isGreaterThan(catalogued);
        assertThat(seconds(dgx.toBuilder().build())).isEqualTo(catalogued);
    }
}
