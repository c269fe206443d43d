package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

/**
 * Context parallelism's terms, each against arithmetic that can be checked by hand: the sequence split over c ranks,
 * the key-value ring and its overlap, and the gradient group of d x c ranks.
 */
class ContextParallelCostsTest {
    /** Llama 3 8B at 32K tokens (params.json: dim 4096, 32 layers, 32 heads, 8 key-value heads, FFN 14336). */
    private static final TransformerShape LLAMA3_8B_32K = new TransformerShape(32, 4096, 32, 32768, 128256, 14336, 8,
            TransformerShape.Style.LLAMA);
    private static final DefaultHardwareCatalog CATALOG = new DefaultHardwareCatalog();

    private static ParallelLayout layout(int t, int d, int c) {
        return ParallelLayout.builder(t, 1, d, 1, 8).sequenceParallel(t > 1).precision(Precision.BF16)
                .sharding(Sharding.OPTIMIZER).flashAttention(true).context(c).build();
    }

    private static MegatronCostModel model(String system) {
        return LinkCosts.of(CATALOG, CATALOG.system(system).orElseThrow())
                .flatMap(l -> MegatronCostModel.of(l, CATALOG.device(system).orElseThrow())).orElseThrow();
    }

    private static StageTerms noRing(StageTerms s) {
        return new StageTerms(s.layers(), s.flopsS(), s.bytesS(), s.tensorS(), s.tensorMeasured(), s.ends(),
                s.unfusedLayers(), 0, s.attentionS(), s.fusedS());
    }

    @Test
    void aContextParallelLayoutNeedsTheFusedAttentionAndCountsItsRanks() {
        assertThatThrownBy(() -> ParallelLayout.builder(1, 1, 2, 1, 8).precision(Precision.BF16).context(2)
                .build()).hasMessageContaining("context_parallel is 2 but needs flash_attention true");
        ParallelLayout l = layout(2, 4, 2);
        assertThat(l.gpus()).isEqualTo(16);
        assertThat(l.replicaGpus()).isEqualTo(4);
        assertThat(l.modelParallel()).isEqualTo(2);
        assertThat(l.gradientGroup()).isEqualTo(8);
        assertThat(l.globalBatch()).isEqualTo(32);
    }

    @Test
    void eachRankRunsItsShareOfTheTokensAndOfTheAttention() {
        TransformerCosts whole = TransformerCosts.of(LLAMA3_8B_32K, layout(1, 8, 1));
        TransformerCosts split = TransformerCosts.of(LLAMA3_8B_32K, layout(1, 8, 4));
        assertThat(split.tokens()).isEqualTo(32768.0 / 4);
        assertThat(split.linearFlops(GemmWaves.NONE)).isCloseTo(whole.linearFlops(GemmWaves.NONE) / 4, within(1.0));
        // s / c queries against all s keys: a quarter of the products
        assertThat(split.attentionFlops()).isCloseTo(whole.attentionFlops() / 4, within(1.0));
        assertThat(split.activationBytes()).isEqualTo(whole.activationBytes() / 4);
        assertThat(ActivationMemory.perLayer(LLAMA3_8B_32K, layout(1, 8, 4)))
                .isCloseTo(ActivationMemory.perLayer(LLAMA3_8B_32K, layout(1, 8, 1)) / 4, within(1.0));
    }

    @Test
    void theRingPassesEachRanksKeysAndValues() {
        TransformerCosts c = TransformerCosts.of(LLAMA3_8B_32K, layout(1, 2, 4));
        // keys and values of 8,192 tokens x 1,024 (8 heads of 128), 2 bytes each
        assertThat(c.contextChunkBytes()).isEqualTo(2 * 2.0 * 8192 * 1024);
        // 3 forward ring steps, 6 in the backward pass (keys and values, and their gradients)
        assertThat(c.contextRingSteps()).isEqualTo(9);
        assertThat(TransformerCosts.of(LLAMA3_8B_32K, layout(1, 2, 4).toBuilder().recompute(Recompute.SELECTIVE)
                .build())
                .contextRingSteps()).isEqualTo(12);
        assertThat(TransformerCosts.of(LLAMA3_8B_32K, layout(1, 8, 1)).contextChunkBytes()).isZero();
    }

    @Test
    void insideANodeTheRingHidesBehindTheAttentionAcrossNodesAtAShortSequenceItShows() {
        MegatronCostModel dgx = model("dgx-a100-80gb");
        StageTerms inNode = dgx.terms(LLAMA3_8B_32K, layout(1, 2, 4)).first();
        // The A100's fused attention runs at FlashAttention-2's published rate (FlashAttentionRate).
        assertThat(inNode.fusedS()).isPositive();
        assertThat(inNode.contextS()).isPositive().isLessThan(inNode.fusedS());
        assertThat(inNode.seconds(Efficiency.VTRAIN_A100)).isEqualTo(noRing(inNode).seconds(Efficiency.VTRAIN_A100));
        TransformerShape short2k = LLAMA3_8B_32K.atSequence(2048);
        StageTerms acrossNodes = dgx.terms(short2k, layout(4, 2, 4)).first();
        assertThat(acrossNodes.contextS()).isGreaterThan(acrossNodes.fusedS());
        assertThat(acrossNodes.seconds(Efficiency.VTRAIN_A100))
                .isGreaterThan(noRing(acrossNodes).seconds(Efficiency.VTRAIN_A100));
    }

    @Test
    void ringsThatStraddleTwoNodesPayTheNic() {
        // t 2 x c 3 = 6 ranks per ring: on 8-GPU nodes the second ring holds ranks 6 to 11, over two nodes.
        MegatronCostModel dgx = model("dgx-a100-80gb");
        TransformerShape s = LLAMA3_8B_32K.atSequence(3 * 8192);
        double straddling = dgx.terms(s, layout(2, 4, 3)).first().contextS();
        double inNode = dgx.terms(s, layout(2, 1, 3)).first().contextS();
        assertThat(straddling).isGreaterThan(inNode);
    }

    @Test
    void theGradientGroupSplitsTheOptimizerStateAndSpansTheContextRanks() {
        MegatronCostModel.Memory without = MegatronCostModel.memory(LLAMA3_8B_32K, layout(1, 4, 1));
        MegatronCostModel.Memory with = MegatronCostModel.memory(LLAMA3_8B_32K, layout(1, 4, 2));
        assertThat(with.optimizer()).isCloseTo(without.optimizer() / 2, within(1.0));
        assertThat(with.weights()).isEqualTo(without.weights());
        assertThat(with.activations()).isCloseTo(without.activations() / 2, within(1.0));
        // d x c = 8 ranks of t = 1 fill one DGX node; 16 span two
        MegatronCostModel dgx = model("dgx-a100-80gb");
        double oneNode = dgx.terms(LLAMA3_8B_32K, layout(1, 4, 2)).dataS();
        double twoNodes = dgx.terms(LLAMA3_8B_32K, layout(1, 4, 4)).dataS();
        assertThat(twoNodes).isGreaterThan(oneNode);
    }

    @Test
    void aSequenceThatDoesNotSplitIntoTwiceTheRanksIsRefused() {
        TransformerShape odd = LLAMA3_8B_32K.atSequence(4100);
        assertThat(model("dgx-a100-80gb").unsupported(odd, layout(1, 1, 8)))
                .hasValueSatisfying(m -> assertThat(m).contains("does not split into 2 x context_parallel = 16 chunks"));
    }
}
