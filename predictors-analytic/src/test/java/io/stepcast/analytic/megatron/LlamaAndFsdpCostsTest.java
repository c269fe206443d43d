package io.stepcast.analytic.megatron;

import io.stepcast.api.Config;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * The Llama block, FlashAttention and FSDP terms of the cost model, each against arithmetic that can be checked by
 * hand or a published total.
 */
class LlamaAndFsdpCostsTest {
    /** Llama 2 7B as Meta published it (params.json: dim 4096, 32 layers, 32 heads, vocabulary 32000, FFN 11008). */
    private static final TransformerShape LLAMA2_7B = new TransformerShape(32, 4096, 32, 4096, 32000, 11008, 32,
            TransformerShape.Style.LLAMA);
    /** Llama 3 8B (params.json: dim 4096, 32 layers, 32 heads, 8 key-value heads, vocabulary 128256, FFN 14336). */
    private static final TransformerShape LLAMA3_8B = new TransformerShape(32, 4096, 32, 8192, 128256, 14336, 8,
            TransformerShape.Style.LLAMA);

    @Test
    void llamaParametersAddUpToThePublishedTotalsButTheFinalNorm() {
        // Hugging Face's safetensors totals: 6,738,415,616 (Llama 2 7B) and 8,030,261,248 (Llama 3 8B); stepcast leaves
        // out the final RMSNorm's 4,096 gains.
        assertThat(total(LLAMA2_7B)).isEqualTo(6_738_415_616d - 4096);
        assertThat(total(LLAMA3_8B)).isEqualTo(8_030_261_248d - 4096);
    }

    private static double total(TransformerShape s) {
        TransformerCosts c = new TransformerCosts(s, 1, 1);
        return MegatronCostModel.stageParameters(c, s.layers(), 0, 1);
    }

    @Test
    void anUntiedOutputLayerIsHeldByTheLastStageAndNeedsNoEmbeddingAllReduce() {
        TransformerCosts c = new TransformerCosts(LLAMA3_8B, 1, 1);
        double layer = c.layerParameters();
        assertThat(MegatronCostModel.stageParameters(c, 16, 1, 2)).isEqualTo(16 * layer + c.embeddingParameters());
        assertThat(MegatronCostModel.stageParameters(c, 16, 0, 2)).isEqualTo(16 * layer + c.embeddingParameters());
        assertThat(c.positionParameters()).isZero();
        assertThat(c.untiedOutput()).isTrue();
    }

    @Test
    void groupedQueryAttentionNarrowsTheQkvProjection() {
        // QKV of Llama 3 8B: [bs x 4096] . [4096 x (4096 + 2 x 1024)]; MHA would be 3 x 4096 wide.
        TransformerShape mha = new TransformerShape(32, 4096, 32, 8192, 128256, 14336, 32, TransformerShape.Style.LLAMA);
        double saved = new TransformerCosts(mha, 1, 1).layerFlops(GemmWaves.NONE)
                - new TransformerCosts(LLAMA3_8B, 1, 1).layerFlops(GemmWaves.NONE);
        // forward plus backward: 3 x 2 x tokens x (4096 x 6144 fewer weights)
        assertThat(saved).isCloseTo(3 * 2.0 * 8192 * 4096 * (3 * 4096 - 6144), within(1.0));
    }

    @Test
    void flashAttentionRunsHalfTheCausalProductsThreeAndAHalfTimesAndStoresNoScores() {
        TransformerCosts unfused = new TransformerCosts(LLAMA3_8B, 1, 1, Recompute.NONE, false, false);
        TransformerCosts flash = new TransformerCosts(LLAMA3_8B, 1, 1, Recompute.NONE, false, true);
        assertThat(flash.attentionFlops() / unfused.attentionFlops()).isCloseTo(3.5 / 2 / 3, within(1e-12));
        assertThat(flash.fusedSoftmax()).isTrue();
        assertThat(flash.layerBytes()).isLessThan(unfused.layerBytes());
        ParallelLayout plain = ParallelLayout.builder(1, 1, 8, 1, 1).precision(Precision.BF16).build();
        double scores = ActivationMemory.perLayer(LLAMA3_8B, plain)
                - ActivationMemory.perLayer(LLAMA3_8B, plain.toBuilder().flashAttention(true).build());
        // softmax input and output, 2 bytes each, of 32 heads x 8192 x 8192 scores
        assertThat(scores).isCloseTo(4.0 * 32 * 8192 * 8192, within(1.0));
    }

    @Test
    void llamaActivationsFollowItsOwnTensors() {
        // t = 1, no masks: s b h (8 + 4 + 4 k / h + 6 f / h) with k = 1024, f = 14336: 8 + 4 + 1 + 21 = 34.
        ParallelLayout layout = ParallelLayout.builder(1, 1, 8, 1, 1).recompute(Recompute.SELECTIVE)
                .precision(Precision.BF16).flashAttention(true).build();
        assertThat(ActivationMemory.perLayer(LLAMA3_8B, layout)).isCloseTo(34.0 * 8192 * 4096, within(1.0));
    }

    @Test
    void fsdpShardsTheWholeStateAndHoldsTwoGatheredUnits() {
        ParallelLayout ddp = ParallelLayout.builder(1, 1, 64, 1, 1).recompute(Recompute.FULL).precision(Precision.BF16)
                .flashAttention(true).build();
        MegatronCostModel.Memory whole = MegatronCostModel.memory(LLAMA3_8B, ddp);
        MegatronCostModel.Memory sharded = MegatronCostModel.memory(LLAMA3_8B, ddp.toBuilder().sharding(Sharding.FULL)
                .build());
        TransformerCosts c = new TransformerCosts(LLAMA3_8B, 1, 1);
        double unit = Math.max(c.layerParameters(), c.embeddingParameters());
        double p = whole.parameters();
        // FP32 weights, FP32 gradients and the two moments, 16 bytes, over the 64 replicas; BF16 keeps 18 whole.
        assertThat(whole.weights() + whole.gradients() + whole.optimizer()).isCloseTo(18 * p, within(1.0));
        assertThat(sharded.weights()).isCloseTo(4 * p / 64 + 4 * unit, within(1.0));
        assertThat(sharded.gradients()).isCloseTo(4 * p / 64 + 4 * unit, within(1.0));
        assertThat(sharded.optimizer()).isCloseTo(8 * p / 64, within(1.0));
        assertThat(sharded.activations()).isEqualTo(whole.activations());
        // In FP32 the gathered weights are FP32: twice the buffers.
        MegatronCostModel.Memory fp32 = MegatronCostModel.memory(LLAMA3_8B, ParallelLayout.builder(1, 1, 64, 1, 1)
                .recompute(Recompute.FULL).precision(Precision.FP32).sharding(Sharding.FULL).flashAttention(true)
                .build());
        assertThat(fp32.weights()).isCloseTo(4 * p / 64 + 8 * unit, within(1.0));
    }

    @Test
    void fsdpCollectivesHideBehindComputeButTheFirstGatherAndLastScatter() {
        // Synthetic seconds: gathers 1.0, reduce-scatter 2.0, 10 layers, a third forward, 2 micro-batches.
        FsdpTerms terms = new FsdpTerms(1.0, 2.0, 10, 1.0 / 3, 2);
        assertThat(terms.exposedS(30.0)).isCloseTo(2 * (0.1 + 0.2), within(1e-12));
        // Compute of 3 s per micro-batch: forward 1 s hides the gather, backward 2 s leaves 1 + 2 - 2 = 1 s.
        assertThat(terms.exposedS(3.0)).isCloseTo(2 * (0.1 + 1.0), within(1e-12));
        assertThat(FsdpTerms.NONE.exposedS(1.0)).isZero();
    }

    @Test
    void anUnknownModelIsRefusedWithTheClosestNamesAndTheParametricForm() {
        MegatronJobs jobs = new MegatronJobs(new ZooCatalog(), new DefaultHardwareCatalog());
        ParallelLayout layout = ParallelLayout.builder(1, 1, 8, 1, 16).precision(Precision.BF16).sharding(Sharding.FULL)
                .flashAttention(true).build();
        String why = jobs.terms(Config.builder().model("lama3-8b").hardware("dgx-a100").parallel(layout).nodes(1)
                .build(), Method.ANALYTIC).reason();
        assertThat(why).startsWith("model 'lama3-8b' is not in the zoo (closest: llama3-8b")
                .contains("llama-l<L>-h<H>-a<A>-kv<KV>-f<F>-s<S>-v<V>");
    }

    @Test
    void theSimulationChargesFsdpAsTheClosedFormDoesOnOneStage() {
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(catalog, catalog.system("dgx-a100-80gb").orElseThrow())
                .flatMap(l -> MegatronCostModel.of(l, catalog.device("dgx-a100-80gb").orElseThrow())).orElseThrow();
        ParallelLayout layout = ParallelLayout.builder(1, 1, 64, 2, 4).recompute(Recompute.FULL)
                .precision(Precision.BF16).sharding(Sharding.FULL).flashAttention(true).build();
        double closed = model.terms(LLAMA3_8B, layout).seconds(Efficiency.VTRAIN_A100, false);
        double simulated = model.pipeline(LLAMA3_8B, layout).seconds(Efficiency.VTRAIN_A100, false);
        assertThat(simulated).isCloseTo(closed, within(1e-3 * closed));
        ParallelLayout unsharded = layout.toBuilder().sharding(Sharding.NONE).build();
        assertThat(model.pipeline(LLAMA3_8B, layout).seconds(Efficiency.VTRAIN_A100, false))
                .isNotEqualTo(model.pipeline(LLAMA3_8B, unsharded).seconds(Efficiency.VTRAIN_A100, false));
    }

    @Test
    void underFlashAttentionTheMfuNeverExceedsTheEfficiencyTheGpuRanAt() {
        // At 131,072 tokens the attention products dominate; counted in full they would put the MFU above the fitted
        // FLOP efficiency (above 80% here), though the kernel runs only the causal half.
        PlanOptions options = PlanOptions.builder().recompute(Recompute.FULL).sequenceParallel(true)
                .precision(Precision.BF16).sharding(Sharding.FULL).flashAttention(true).build();
        LayoutPlanner planner = LayoutPlanner.of(new DefaultHardwareCatalog(), "dgx-a100-80gb", Efficiency.VTRAIN_A100,
                false, options, StatedLinks.NONE);
        List<LayoutPlan> plans = planner.plan(LLAMA3_8B.atSequence(131072), 256, 256);
        assertThat(plans).isNotEmpty().allSatisfy(p -> assertThat(p.mfu()).isLessThan(Efficiency.VTRAIN_A100.flops()));
        assertThat(ModelFlops.perIteration(LLAMA3_8B, 1, true)).isLessThan(ModelFlops.perIteration(LLAMA3_8B, 1));
        assertThat(ModelFlops.executed(LLAMA3_8B, 1, Recompute.NONE, false))
                .isEqualTo(ModelFlops.perIteration(LLAMA3_8B, 1));
    }
}
