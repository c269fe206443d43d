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
    void aRowThatStatesItsPrecisionIsOneJobAtEveryBatch() {
        // A CSV row that states its precision carries a one-stage layout whose micro-batch is the batch (GenericCsv):
        // batch 64 and batch 128 of one setup are one job, as batch-size selection needs them to be.
        Config at64 = Config.builder().model("SSD300").hardware("dgx-a100").workers(8)
                .parallel(ParallelLayout.builder(1, 1, 8, 64, 1).precision(Precision.TF32).build()).build();
        Config at128 = Config.builder().model("SSD300").hardware("dgx-a100").workers(8)
                .parallel(ParallelLayout.builder(1, 1, 8, 128, 1).precision(Precision.TF32).build()).build();
        assertThat(Attributes.job(row(at64, Map.of()))).isEqualTo(Attributes.job(row(at128, Map.of())));
        Config fp16 = Config.builder().model("SSD300").hardware("dgx-a100").workers(8)
                .parallel(ParallelLayout.builder(1, 1, 8, 64, 1).precision(Precision.FP16).build()).build();
        assertThat(Attributes.job(row(fp16, Map.of()))).isNotEqualTo(Attributes.job(row(at64, Map.of())));
    }

    @Test
    void howAConfigurationRunsIsAnAttributeAfterTheTags() {
        ParallelLayout layout = ParallelLayout.builder(2, 4, 8, 1, 16).sequenceParallel(true)
                .recompute(Recompute.SELECTIVE).precision(Precision.BF16).distributedOptimizer(true).build();
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
        ParallelLayout fsdp = ParallelLayout.builder(1, 1, 8, 2, 4).sharding(Sharding.FULL).flashAttention(true)
                .build();
        Observation o = row(Config.builder().model("gpt-l24-h1024-a16-s2048-v50304").hardware("dgx-a100")
                .parallel(fsdp).build(), Map.of());
        assertThat(Attributes.value(o, "fsdp")).contains("true");
        assertThat(Attributes.value(o, "Flash-Attention")).contains("true");
        // FSDP shards the optimizer state too, as the generic CSV reads the pair.
        assertThat(Attributes.value(o, "distributed_optimizer")).contains("true");
        assertThat(Attributes.value(o, "zero_stage")).contains("3");
        Observation zero2 = row(Config.builder().model("gpt-l24-h1024-a16-s2048-v50304").hardware("dgx-a100")
                .parallel(fsdp.toBuilder().sharding(Sharding.GRADIENTS).build()).build(), Map.of());
        assertThat(Attributes.value(zero2, "zero_stage")).contains("2");
        assertThat(Attributes.value(zero2, "fsdp")).contains("false");
        Observation dataParallel = row(Config.builder().model("m").localBatch(32).build(), Map.of());
        assertThat(Attributes.value(dataParallel, "fsdp")).isEmpty();
        assertThat(Attributes.value(dataParallel, "flash_attention")).isEmpty();
    }

    @Test
    void contextParallelRanksAreAnAttributeOfTheLayout() {
        ParallelLayout cp = ParallelLayout.builder(2, 1, 4, 1, 4).flashAttention(true).context(4).build();
        Observation o = row(Config.builder().model("llama3-8b-seq65536").hardware("dgx-h100").parallel(cp).build(),
                Map.of());
        assertThat(Attributes.value(o, "context_parallel")).contains("4");
        assertThat(Attributes.value(o, "Context-Parallel")).contains("4");
        // The replicas stay the data-parallel degree; a replica's GPUs count the context ranks.
        assertThat(Attributes.value(o, "data_parallel")).contains("4");
        assertThat(Attributes.value(o, "devices_per_worker")).contains("8");
        Observation plain = row(Config.builder().model("m").hardware("dgx-a100")
                .parallel(ParallelLayout.builder(2, 1, 4, 1, 4).build()).build(), Map.of());
        assertThat(Attributes.value(plain, "context_parallel")).contains("1");
        assertThat(Attributes.value(row(Config.builder().model("m").localBatch(32).build(), Map.of()),
                "context_parallel")).isEmpty();
    }

    @Test
    void aProtocolSettingRowsApartByAnAttributeNoRowHasIsRefused() {
        // extrapolation:nodes<=1:framwork read every row's 'framwork' as absent and pooled the frameworks, silently.
        Observation one = row(Config.builder().model("m").hardware("dgx-a100").workers(1).nodes(1).localBatch(32).framework("a")
                .build(), Map.of("run", "x"));
        Observation two = row(Config.builder().model("m").hardware("dgx-a100").workers(16).nodes(2).localBatch(32).framework("a")
                .build(), Map.of("run", "x"));
        java.util.List<Observation> data = java.util.List.of(one, two);
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new Extrapolation("nodes", 1,
                        java.util.List.of("framwork")).splits("synthetic", data))
                .hasMessage("protocol 'extrapolation:nodes<=1:framwork': no row of synthetic has attribute 'framwork':"
                        + " did you mean framework?");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new ProfileOnly(java.util.Optional.empty(),
                        java.util.List.of("rnu")).splits("synthetic", data))
                .hasMessageStartingWith("protocol 'profile-only:rnu': no row of synthetic has attribute 'rnu'");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new KFold(3, 42, java.util.Optional.of("jbo"))
                .splits("synthetic", data)).hasMessage("protocol 'kfold:3:jbo': no row of synthetic has attribute"
                        + " 'jbo': did you mean job?");
        org.assertj.core.api.Assertions.assertThatThrownBy(() -> new LeaveOneGroupOut("modle")
                .splits("synthetic", data)).hasMessageStartingWith("protocol 'logo:modle': no row of synthetic has"
                        + " attribute 'modle': did you mean model");
        // A named attribute is no typo even where no row states it (no layout here), nor is a tag.
        assertThat(new Extrapolation("nodes", 1, java.util.List.of("framework", "precision", "run"))
                .splits("synthetic", data)).hasSize(1);
    }
}
