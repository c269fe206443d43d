package io.stepcast.ml.features;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The Megatron layout features of a context-parallel job (synthetic layouts): c is a feature of its own, and the
 * physical features see what each GPU runs, its s / c tokens.
 */
class LayoutFeaturesTest {
    private static final ParallelLayout FLASH = ParallelLayout.builderForGlobalBatch(2, 2, 4, 1, 32)
            .flashAttention(true).build();

    private static Config job(ParallelLayout p) {
        return Config.builder().model("gpt-l24-h2048-a16-s16384-v50304").hardware("dgx-a100").parallel(p).build();
    }

    private static double feature(String name, Config c) {
        return Features.numeric(name).orElseThrow().value(c);
    }

    @Test
    void theContextRanksAreAFeatureAndSplitEachGpusTokens() {
        Config whole = job(FLASH);
        Config split = job(FLASH.toBuilder().context(4).build());
        assertThat(feature("context-parallel", whole)).isEqualTo(1.0);
        assertThat(feature("context-parallel", split)).isEqualTo(4.0);
        assertThat(feature("context-parallel", Config.builder().model("m").localBatch(8).build())).isNaN();
        // A tensor-parallel all-reduce carries the b (s / c) h activations of one rank's tokens: a quarter.
        assertThat(feature("log2-tp-allreduce-bytes", split))
                .isCloseTo(feature("log2-tp-allreduce-bytes", whole) - 2, within(1e-12));
        // The same iteration's FLOPs over four times the GPUs.
        assertThat(feature("log2-flops-per-gpu", split))
                .isCloseTo(feature("log2-flops-per-gpu", whole) - 2, within(1e-12));
        // Every context rank holds the stage's whole weights: the same gradient bytes to reduce.
        assertThat(feature("log2-dp-allreduce-bytes", split)).isEqualTo(feature("log2-dp-allreduce-bytes", whole));
        assertThat(feature("data-parallel", split)).isEqualTo(4.0);
    }
}
