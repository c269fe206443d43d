package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * ZeRO's stages in the cost model: the memory of each stage against the paper's worked example (Rajbhandari et al.,
 * "ZeRO", SC'20, Figure 1 and Table 1, as quoted in bzhng-development/summary-of-some-paper-in-cuda@dae082bf,
 * {@code docs_backup/training-methods/ZeRO-MemoryOptimizationsTowardTrainingTrillionParameterModel.md}: a 7.5B
 * model on N_d = 64 replicas keeps 120 GB per GPU unsharded, 31.4 GB under P_os, 16.6 GB under P_os+g and 1.88 GB
 * under P_os+g+p); stage 2's exchange equal to stage 1's (section 7.2.1) with one micro-batch and, with m, m - 1
 * reduce-scatters more ({@link MicroStepScatters}). The state bytes, layouts and seconds are synthetic: the paper's 2 + 2 + K bytes with K = 12, not a precision stepcast keeps.
 */
class ZeroStagesTest {
    private static final double PARAMETERS = 7.5e9;
    private static final int REPLICAS = 64;
    /** ZeRO's mixed-precision Adam: FP16 weights (2), FP16 gradients (2) and K = 12 bytes of optimizer state. */
    private static final StateBytes PAPER = new StateBytes(2, 2, 12);
    /** A GPT of 24 layers, h 2048 (synthetic use: only its parameter counts matter here). */
    private static final TransformerShape GPT = new TransformerShape(24, 2048, 16, 2048, 50304, 4 * 2048);

    @Test
    void eachStageSplitsThePaperSWorkedExampleAsItsFigureOneSays() {
        assertThat(gb(PAPER.split(Sharding.NONE, REPLICAS))).isCloseTo(120.0, within(1e-9));
        assertThat(gb(PAPER.split(Sharding.OPTIMIZER, REPLICAS))).isCloseTo(31.4, within(0.05));
        assertThat(gb(PAPER.split(Sharding.GRADIENTS, REPLICAS))).isCloseTo(16.6, within(0.05));
        assertThat(gb(PAPER.split(Sharding.FULL, REPLICAS))).isCloseTo(1.88, within(0.005));
        // Exactly 2 + 2 + K/N_d, 2 + (2 + K)/N_d and (2 + 2 + K)/N_d bytes per parameter.
        assertThat(PAPER.split(Sharding.GRADIENTS, REPLICAS).total()).isEqualTo(2 + 14.0 / 64);
    }

    private static double gb(StateBytes perParameter) {
        return perParameter.total() * PARAMETERS / 1e9;
    }

    @Test
    void stageTwoDividesTheKeptGradientsByTheReplicasAndNothingElse() {
        ParallelLayout stage1 = ParallelLayout.builder(2, 1, 16, 1, 4).recompute(Recompute.FULL)
                .precision(Precision.BF16).sharding(Sharding.OPTIMIZER).build();
        ParallelLayout stage2 = stage1.toBuilder().sharding(Sharding.GRADIENTS).build();
        MegatronCostModel.Memory one = MegatronCostModel.memory(GPT, stage1);
        MegatronCostModel.Memory two = MegatronCostModel.memory(GPT, stage2);
        // BF16 keeps FP32 gradients (4 bytes per parameter): 4 over the 16 replicas under stage 2.
        assertThat(one.gradients()).isCloseTo(4 * one.parameters(), within(1.0));
        assertThat(two.gradients()).isCloseTo(4 * one.parameters() / 16, within(1.0));
        assertThat(two.weights()).isEqualTo(one.weights());
        assertThat(two.optimizer()).isEqualTo(one.optimizer());
        assertThat(two.activations()).isEqualTo(one.activations());
    }

    @Test
    void withOneMicroBatchStageTwoExchangesAndStepsAsStageOneDoes() {
        ParallelLayout stage1 = ParallelLayout.builder(2, 2, 8, 1, 1).recompute(Recompute.FULL)
                .sharding(Sharding.OPTIMIZER).build();
        ParallelLayout stage2 = stage1.toBuilder().sharding(Sharding.GRADIENTS).build();
        ParallelLayout none = stage1.toBuilder().sharding(Sharding.NONE).build();
        MegatronCostModel model = model(links());
        double one = model.terms(GPT, stage1).seconds(Efficiency.VTRAIN_A100, false);
        assertThat(model.terms(GPT, stage2).seconds(Efficiency.VTRAIN_A100, false)).isEqualTo(one);
        assertThat(model.terms(GPT, stage2).seconds(Efficiency.VTRAIN_A100, true))
                .isEqualTo(model.terms(GPT, stage1).seconds(Efficiency.VTRAIN_A100, true));
        assertThat(model.pipeline(GPT, stage2).seconds(Efficiency.VTRAIN_A100, false))
                .isEqualTo(model.pipeline(GPT, stage1).seconds(Efficiency.VTRAIN_A100, false));
        // The sharded optimizer step is the only difference from no sharding: less time, not more.
        assertThat(model.terms(GPT, none).seconds(Efficiency.VTRAIN_A100, false)).isGreaterThan(one);
    }

    @Test
    void withEightMicroBatchesStageTwoPaysSevenMoreReduceScattersThanStageOne() {
        ParallelLayout stage1 = ParallelLayout.builder(2, 2, 8, 1, 8).recompute(Recompute.FULL)
                .sharding(Sharding.OPTIMIZER).build();
        ParallelLayout stage2 = stage1.toBuilder().sharding(Sharding.GRADIENTS).build();
        LinkCosts links = links();
        MegatronCostModel model = model(links);
        // One reduce-scatter of a stage's half-precision gradients over its 8 replicas (t = 2: 4 per node, 2 nodes),
        // the node's other tensor rank's group reduce-scattering at the same time over the same NICs.
        TransformerCosts c = TransformerCosts.of(GPT, stage2);
        SharedGroup group = new SharedGroup(MegatronCostModel.dataGroup(2, 8, 8), 2);
        double first = links.reduceScatter(TransformerCosts.HALF * MegatronCostModel.stageParameters(c, 12, 0, 2),
                group);
        double last = links.reduceScatter(TransformerCosts.HALF * MegatronCostModel.stageParameters(c, 12, 1, 2),
                group);
        assertThat(first).isPositive();
        double one = model.terms(GPT, stage1).seconds(Efficiency.VTRAIN_A100, false);
        double two = model.terms(GPT, stage2).seconds(Efficiency.VTRAIN_A100, false);
        // The closed form charges the busiest stage's (the first's, with the embedding) m - 1 = 7 more, exposed.
        assertThat(two - one).isCloseTo(7 * first, within(1e-12));
        // The simulation charges each stage its own, so the iteration grows by between the last's and the first's.
        double simulatedOne = model.pipeline(GPT, stage1).seconds(Efficiency.VTRAIN_A100, false);
        double simulatedTwo = model.pipeline(GPT, stage2).seconds(Efficiency.VTRAIN_A100, false);
        assertThat(simulatedTwo - simulatedOne).isBetween(7 * last - 1e-12, 7 * first + 1e-12);
        // Overlapped (overlap-dp, DeepSpeed's overlap_comm), each hides behind its backward pass, here wholly or not.
        double overlapped = model.terms(GPT, stage2).seconds(Efficiency.VTRAIN_A100, true)
                - model.terms(GPT, stage1).seconds(Efficiency.VTRAIN_A100, true);
        assertThat(overlapped).isBetween(0.0, two - one);
    }

    @Test
    void theExtraReduceScattersAreExposedOrHiddenBehindEachBackwardPass() {
        // Synthetic seconds: 0.3 s per reduce-scatter, 4 micro-batches, so 3 beyond the exchange after the flush.
        MicroStepScatters scatters = new MicroStepScatters(0.3, 4);
        assertThat(scatters.exposedS(0.1, false)).isCloseTo(0.9, within(1e-12));
        assertThat(scatters.exposedS(0.1, true)).isCloseTo(0.6, within(1e-12));
        assertThat(scatters.exposedS(0.5, true)).isZero();
        assertThat(new MicroStepScatters(0.3, 1).exposedS(0.1, false)).isZero();
        assertThat(MicroStepScatters.NONE.exposedS(0.1, false)).isZero();
    }

    private static LinkCosts links() {
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();
        return LinkCosts.of(catalog, catalog.system("dgx-a100").orElseThrow()).orElseThrow();
    }

    private static MegatronCostModel model(LinkCosts links) {
        DefaultHardwareCatalog catalog = new DefaultHardwareCatalog();
        return MegatronCostModel.of(links, catalog.device("dgx-a100").orElseThrow()).orElseThrow();
    }
}
