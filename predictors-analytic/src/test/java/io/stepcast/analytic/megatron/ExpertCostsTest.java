package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ModelZoo;
import org.junit.jupiter.api.Test;

import java.util.OptionalDouble;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The mixture-of-experts terms ({@link ExpertCosts}) of the zoo's MoE models in the layouts NVIDIA Megatron-Bridge
 * published for DGX H100 (NVIDIA-NeMo/Megatron-Bridge@df0289c, {@code docs/performance-summary.md}), and the model
 * FLOPs checked against that page's Model TFLOP/sec/GPU over Tokens/sec/GPU.
 */
class ExpertCostsTest {
    private static final ModelZoo ZOO = new ModelZoo();
    private static final TransformerShape QWEN3_30B = ZOO.get("qwen3-30b-a3b").transformer().orElseThrow();
    private static final TransformerShape QWEN3_235B = ZOO.get("qwen3-235b-a22b").transformer().orElseThrow();
    private static final TransformerShape GPT_OSS = ZOO.get("gpt-oss-120b").transformer().orElseThrow();
    private static final TransformerShape LLAMA3_8B = ZOO.get("llama3-8b").transformer().orElseThrow();

    private static ParallelLayout layout(int t, int p, int d, int b, int m, int v, int e, Precision precision,
                                         boolean overlap) {
        return ParallelLayout.builder(t, p, d, b, m).virtualStages(v).sequenceParallel(t > 1).precision(precision)
                .sharding(Sharding.OPTIMIZER).flashAttention(true).expert(e).expertOverlap(overlap).build();
    }

    private static MegatronCostModel h100() {
        DefaultHardwareCatalog hw = new DefaultHardwareCatalog();
        return LinkCosts.of(hw, hw.system("dgx-h100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-h100").orElseThrow())).orElseThrow();
    }

    /** Model FLOPs per token, forward plus backward, FlashAttention's causal half as Megatron-Bridge counts it. */
    private static double perToken(TransformerShape s) {
        return ModelFlops.perIteration(s, 1, true) / s.sequence();
    }

    @Test
    void theModelFlopsAgreeWithMegatronBridgesRatioForQwen3AndSayWhereGptOssDiffers() {
        // Model TFLOP/sec/GPU / Tokens/sec/GPU on the page: Qwen3_30B_a3B 121 / 5275 = 22.94 GFLOP (25.11), 241 / 10494
        // = 22.97 (25.09); Qwen3_235B_a22B 233 / 1575 = 147.9 (25.11), 242 / 1633 = 148.2 (26.02). Ours adds the
        // router's h x E product (0.15 and 0.45 GFLOP), which Megatron-Bridge's count leaves out.
        assertThat(perToken(QWEN3_30B) / 1e9).isCloseTo(23.08, within(0.01));
        assertThat(perToken(QWEN3_30B) / 22.94e9 - 1).isBetween(0.0, 0.01);
        assertThat(perToken(QWEN3_235B) / 1e9).isCloseTo(148.33, within(0.01));
        assertThat(Math.abs(perToken(QWEN3_235B) / 148.0e9 - 1)).isLessThan(0.003);
        // GPT OSS 120B: 163 / 5993 = 27.2 GFLOP. Ours is 32.7: the experts' SwiGLU has three matrices and every other
        // layer attends to a 128-token window; 27.2 is what two expert matrices and full causal attention on all 36
        // layers give (6 h (2 f k) L + 6 (2880 x 5120 + 4096 x 2880 + 4096 x 4096) L + 6 h V = 27.2).
        assertThat(perToken(GPT_OSS) / 1e9).isCloseTo(32.71, within(0.01));
    }

    @Test
    void balancedTokensSpreadOverTheLocalExpertsAndTheAllToAllCarriesEveryRoutedCopy() {
        // Qwen3-30B-A3B at micro-batch 2, EP 8: 8,192 tokens x top 8 = 65,536 copies over 128 / 8 = 16 local experts.
        ExpertCosts x = new ExpertCosts(QWEN3_30B, layout(1, 2, 8, 2, 32, 24, 8, Precision.FP8, false));
        assertThat(x.localExperts()).isEqualTo(16);
        assertThat(x.tokensPerExpert()).isEqualTo(4096.0);
        assertThat(x.allToAllBytes()).isEqualTo(2.0 * 65536 * 2048);
        assertThat(x.allToAlls()).isEqualTo(4);
        assertThat(x.syncedShare()).isEqualTo(1.0 / 3);
        // One layer's local experts: 16 x 3 x 2048 x 768 weights.
        assertThat(x.parameters()).isEqualTo(16.0 * 3 * 2048 * 768);
        // Qwen3-235B-A22B, TP 2 (sequence parallel), EP 32: 2,048 tokens per GPU, 4 local experts of 4,096 tokens.
        ExpertCosts y = new ExpertCosts(QWEN3_235B, layout(2, 8, 16, 1, 128, 4, 32, Precision.FP8, true));
        assertThat(y.tokens()).isEqualTo(2048.0);
        assertThat(y.localExperts()).isEqualTo(4);
        assertThat(y.tokensPerExpert()).isEqualTo(4096.0);
        // A dense model has none of it.
        ExpertCosts none = new ExpertCosts(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 1, Precision.FP8, false));
        assertThat(none.any()).isFalse();
        assertThat(none.bytes() + none.routerFlops() + none.parameters() + none.allToAlls()).isZero();
    }

    @Test
    void aMoeLayerLaunchesItsDispatcherRouterAndOneGemmPerLocalExpertAndPassOnTheHost() {
        // Qwen3-30B-A3B, EP 8, 16 local experts: forward 21 + 2 x 16, backward 7 + 4 x 16 launches beyond a dense
        // layer's.
        ParallelLayout ep8 = layout(1, 2, 8, 2, 32, 24, 8, Precision.FP8, false);
        assertThat(new ExpertCosts(QWEN3_30B, ep8).extraLaunches()).isEqualTo(53 + 71);
        // All 128 experts on one rank: no all-to-all, no split counts, 128 GEMMs a pass.
        assertThat(new ExpertCosts(QWEN3_30B, ep8.toBuilder().expert(1)
                .build()).extraLaunches()).isEqualTo(9 + 2 * 128 + 4 + 4 * 128);
        // Full recomputation launches the forward pass again.
        ParallelLayout full = ParallelLayout.builder(1, 2, 8, 2, 32).virtualStages(24).recompute(Recompute.FULL)
                .precision(Precision.FP8).sharding(Sharding.OPTIMIZER).flashAttention(true).expert(8).build();
        assertThat(new ExpertCosts(QWEN3_30B, full).extraLaunches()).isEqualTo(2 * 53 + 71);
        assertThat(new ExpertCosts(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 1, Precision.FP8, false)).extraLaunches())
                .isZero();
        // The stage's host pays each at the measured launch interval, whatever the fitted constants.
        StageTerms stage = h100().terms(QWEN3_30B, ep8).first();
        assertThat(stage.expertHostS()).isCloseTo(24 * 124 * KernelLaunch.HOST_S, within(1e-12));
        assertThat(h100().terms(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 1, Precision.FP8, false)).first().expertHostS())
                .isZero();
    }

    @Test
    void aCapacityFactorPadsEachExpertToItsCapacityAndNeverSynchronisesTheHost() {
        // Qwen3-30B-A3B (E 128, k 8) at EP 8, micro-batch 2 of 4096 tokens: 8,192 tokens a GPU, 65,536 routed copies.
        ParallelLayout dropless = layout(1, 2, 8, 2, 16, 1, 8, Precision.FP8, false);
        ExpertCosts free = new ExpertCosts(QWEN3_30B, dropless);
        ExpertCosts one = new ExpertCosts(QWEN3_30B, dropless.toBuilder().expertCapacityFactor(OptionalDouble.of(1.0))
                .build());
        // At factor 1 the capacity is the balanced share, ceil(8 x 8192 / 128) = 512 per expert and rank: the same
        // copies, tokens per expert and all-to-all bytes as dropless, but no host synchronisation.
        assertThat(one.dropsTokens()).isTrue();
        assertThat(free.dropsTokens()).isFalse();
        assertThat(one.capacity()).isEqualTo(512);
        assertThat(one.routed()).isEqualTo(free.routed()).isEqualTo(65_536);
        assertThat(one.tokensPerExpert()).isEqualTo(free.tokensPerExpert()).isEqualTo(4_096);
        assertThat(one.allToAllBytes()).isEqualTo(free.allToAllBytes());
        assertThat(free.syncedShare()).isEqualTo(1.0 / 3);
        assertThat(one.syncedShare()).isZero();
        // No counts (2), split sums, all-gather and slice (6) or device-to-host copies (4), one fill instead, plus the
        // router's capacity mask (5 forward, 1 backward): 124 - 12 + 1 + 5 + 1 = 119.
        assertThat(free.extraLaunches()).isEqualTo(124);
        assertThat(one.extraLaunches()).isEqualTo(119);
        // Factor 1.1 rounds the capacity up, ceil(563.2) = 564; factor 0.5 drops half the copies, which do no work.
        ExpertCosts padded = new ExpertCosts(QWEN3_30B, dropless.toBuilder()
                .expertCapacityFactor(OptionalDouble.of(1.1)).build());
        assertThat(padded.capacity()).isEqualTo(564);
        assertThat(padded.routed()).isEqualTo(564 * 128);
        assertThat(padded.tokensPerExpert()).isEqualTo(564 * 8);
        ExpertCosts half = new ExpertCosts(QWEN3_30B, dropless.toBuilder().expertCapacityFactor(OptionalDouble.of(0.5))
                .build());
        assertThat(half.tokensPerExpert()).isEqualTo(2_048);
        GemmWaves waves = GemmWaves.NONE;
        assertThat(half.expertFlops(waves)).isCloseTo(free.expertFlops(waves) / 2,
                within(1e-6 * free.expertFlops(waves)));
        assertThat(half.bytes()).isLessThan(free.bytes());
        // A dense model has no experts: the factor changes nothing in these terms (the cost model refuses the row).
        ExpertCosts dense = new ExpertCosts(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 1, Precision.FP8, false)
                .toBuilder().expertCapacityFactor(OptionalDouble.of(1.0)).build());
        assertThat(dense.dropsTokens()).isFalse();
        assertThat(dense.extraLaunches()).isZero();
    }

    @Test
    void theExpertGroupStaysInANodeUntilItOutgrowsOne() {
        assertThat(MegatronCostModel.expertGroup(8, 8).nodes()).isEqualTo(1);
        assertThat(MegatronCostModel.expertGroup(32, 8).nodes()).isEqualTo(4);
        assertThat(MegatronCostModel.expertGroup(32, 8).maxPerNode()).isEqualTo(8);
        assertThat(MegatronCostModel.expertGroup(4, 8).ranks()).isEqualTo(4);
        // Across nodes the all-to-all's bytes share a node's NICs: 32 ranks over 4 nodes take far longer than 8 in one.
        MegatronCostModel h100 = h100();
        JobTerms in = h100.terms(QWEN3_235B, layout(2, 8, 16, 1, 128, 4, 8, Precision.FP8, false));
        JobTerms across = h100.terms(QWEN3_235B, layout(2, 8, 16, 1, 128, 4, 32, Precision.FP8, false));
        assertThat(across.first().expertS()).isGreaterThan(3 * in.first().expertS());
    }

    @Test
    void expertStateIsSplitOverTheExpertParallelRanksAndItsOptimizerOverTheExpertDataGroup() {
        // GPT-OSS-120B, PP 4 (9 layers a stage), 16 replicas: EP 8 keeps 16 of the 128 experts, EP 1 all of them.
        ParallelLayout ep8 = layout(1, 4, 16, 1, 80, 1, 8, Precision.BF16, false);
        MegatronCostModel.Memory eight = MegatronCostModel.memory(GPT_OSS, ep8);
        MegatronCostModel.Memory one = MegatronCostModel.memory(GPT_OSS, ep8.toBuilder().expert(1).build());
        double expertsPerLayer = 128 * (3.0 * 2880 * 2880 + 2 * 2880 + 2880);
        assertThat(one.parameters() - eight.parameters()).isCloseTo(9 * expertsPerLayer * 7 / 8, within(1.0));
        // Expert-data-parallel group: 16 ranks of a stage / EP 8 = 2 (the optimizer's share of the experts), against 16
        // for the dense parameters.
        assertThat(ep8.expertDataGroup()).isEqualTo(2);
        // 12 bytes of BF16 optimizer state per parameter: the experts' over 2, the rest over 16.
        double expertParameters = 9 * expertsPerLayer / 8;
        double dense = eight.parameters() - expertParameters;
        assertThat(eight.optimizer()).isCloseTo(12 * (expertParameters / 2 + dense / 16), within(1.0));
    }

    @Test
    void expertLayoutsTheModelCannotCostAreRefusedNamingTheColumn() {
        MegatronCostModel h100 = h100();
        assertThat(h100.unsupported(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 8, Precision.FP8, false)))
                .hasValue("expert_parallel 8 needs a mixture-of-experts model, and this one is dense");
        assertThat(h100.unsupported(QWEN3_30B, layout(1, 1, 12, 1, 16, 1, 12, Precision.FP8, false)))
                .hasValue("expert_parallel 12 does not divide the 128 experts");
        assertThat(h100.unsupported(QWEN3_30B, layout(1, 2, 8, 2, 32, 24, 8, Precision.FP8, false))).isEmpty();
        assertThat(h100.unsupported(LLAMA3_8B, layout(1, 1, 8, 1, 16, 1, 1, Precision.FP8, false)
                .toBuilder().expertCapacityFactor(OptionalDouble.of(1.0))
                .build())).hasValue("expert_capacity_factor 1.0 needs a "
                + "mixture-of-experts model, and this one is dense: it has no experts to drop tokens at");
        assertThat(h100.unsupported(QWEN3_30B, layout(1, 2, 8, 2, 32, 24, 8, Precision.FP8, false)
                .toBuilder().expertCapacityFactor(OptionalDouble.of(1.0)).build())).isEmpty();
    }

    @Test
    void whereTheModelPutsThePublishedLayoutsTime() {
        // Seconds of one micro-batch on the first stage with vTrain's A100 constants (what plan-llm uses): printed for
        // the README's account of the MoE rows; the all-to-all and the synchronised host are the MoE's own terms.
        MegatronCostModel h100 = h100();
        Efficiency e = Efficiency.VTRAIN_A100;
        Object[][] rows = {
                {"GPT-OSS-120B 25.11", GPT_OSS, layout(1, 4, 16, 4, 8, 1, 8, Precision.BF16, false)},
                {"Qwen3-30B-A3B 25.11", QWEN3_30B, layout(1, 2, 8, 2, 32, 24, 8, Precision.FP8, false)},
                {"Qwen3-235B-A22B 25.11", QWEN3_235B, layout(2, 8, 16, 1, 128, 4, 32, Precision.FP8, true)}};
        for (Object[] r : rows) {
            StageTerms s = h100.terms((TransformerShape) r[1], (ParallelLayout) r[2]).first();
            System.out.printf("%-22s stage %.4f s: linear+experts %.4f, attention %.4f, memory %.4f, TP %.4f, "
                            + "all-to-all %.4f, host %.4f (MoE launches %.4f of it)%n", r[0], s.seconds(e),
                    s.flopsS() / e.flops(), s.fusedS(), s.bytesS() / e.memory(), s.tensorS(), s.expertS(),
                    s.layers() * e.hostS() + s.expertHostS(), s.expertHostS());
        }
        StageTerms qwen = h100.terms(QWEN3_30B, (ParallelLayout) rows[1][2]).first();
        // The all-to-all is the largest device term of the small-expert Qwen3-30B-A3B.
        assertThat(qwen.expertS()).isGreaterThan(qwen.flopsS() / e.flops());
        // Overlapped (Qwen3-235B's recipe), the all-to-all no longer adds to the stage's work.
        ParallelLayout exposed = ((ParallelLayout) rows[2][2]).toBuilder().expertOverlap(false).build();
        assertThat(h100.terms(QWEN3_235B, exposed).first().seconds(e))
                .isGreaterThan(1.5 * h100.terms(QWEN3_235B, (ParallelLayout) rows[2][2]).first().seconds(e));
    }
}
