package io.stepcast.evaluation.protocol;

import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;

import org.junit.jupiter.api.Test;

import java.util.Map;

import static org.assertj.core.api.Assertions.assertThat;

/** Attributes by the generic CSV's column names, on synthetic observations. */
class AttributesTest {
    private static Observation row(Config c, Map<String, String> tags) {
        return new Observation(c, Measurements.builder().stepTimeS(1.0).build(), "synthetic", 0, tags);
    }

    @Test
    void howAConfigurationRunsIsAnAttributeAfterTheTags() {
        ParallelLayout layout = new ParallelLayout(2, 4, 8, 1, 16, 1, true, Recompute.SELECTIVE, Precision.BF16, true);
        Observation o = row(Config.builder().model("gpt-l24-h1024-a16-s2048-v50304").hardware("dgx-a100")
                .parallel(layout).build(), Map.of());
        assertThat(Attributes.value(o, "precision")).contains("bf16");
        assertThat(Attributes.value(o, "tensor_parallel")).contains("2");
        assertThat(Attributes.value(o, "pipeline-parallel")).contains("4");
        assertThat(Attributes.value(o, "recompute")).contains("selective");
        assertThat(Attributes.value(o, "distributed_optimizer")).contains("true");
        assertThat(Attributes.value(o, "fsdp")).contains("false");
        assertThat(Attributes.value(o, "flash_attention")).contains("false");
        // A source that tags its rows' precision in its own words keeps them.
        Observation tagged = row(o.config(), Map.of("precision", "mixed"));
        assertThat(Attributes.value(tagged, "precision")).contains("mixed");
        assertThat(Attributes.value(row(Config.builder().model("m").localBatch(32).build(), Map.of()), "tensor_parallel")).isEmpty();
    }

    @Test
    void fullShardingAndFlashAttentionAreAttributesOfTheLayout() {
        ParallelLayout fsdp = new ParallelLayout(1, 1, 8, 2, 4).withSharding(Sharding.FULL).withFlashAttention(true);
        Observation o = row(Config.builder().model("gpt-l24-h1024-a16-s2048-v50304").hardware("dgx-a100")
                .parallel(fsdp).build(), Map.of());
        assertThat(Attributes.value(o, "fsdp")).contains("true");
        assertThat(Attributes.value(o, "Flash-Attention")).contains("true");
        // FSDP shards the optimizer state too, as the generic CSV reads the pair.
        assertThat(Attributes.value(o, "distributed_optimizer")).contains("true");
        Observation dataParallel = row(Config.builder().model("m").localBatch(32).build(), Map.of());
        assertThat(Attributes.value(dataParallel, "fsdp")).isEmpty();
        assertThat(Attributes.value(dataParallel, "flash_attention")).isEmpty();
    }
}
