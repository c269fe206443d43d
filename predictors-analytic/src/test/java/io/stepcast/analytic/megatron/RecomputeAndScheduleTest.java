package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Recomputation's FLOPs, the interleaved schedule's bubble and the precision's peak in the closed form. */
class RecomputeAndScheduleTest {
    private static final TransformerShape GPT = new TransformerShape(24, 2048, 16, 2048, 51200, 4 * 2048);

    @Test
    void selectiveRecomputationAddsTheAttentionProductsOnlyAndFullAFourthForwardPass() {
        // Without quantization a linear layer [m x k].[k x n] costs 2mnk per pass: the layer's forward linear FLOPs
        // are 2 b s (3h h + h h + f h + h f) / t = b s (8 h^2 + 4 h f) / t, its attention products 4 b s^2 h / t.
        double b = 2;
        double s = 2048;
        double h = 2048;
        double t = 4;
        double linear = b * s * (8 * h * h + 4 * h * 4 * h) / t;
        double attention = 4 * b * s * s * h / t;
        double none = new TransformerCosts(GPT, 4, 2, Recompute.NONE, false).layerFlops(GemmWaves.NONE);
        double selective = new TransformerCosts(GPT, 4, 2, Recompute.SELECTIVE, false).layerFlops(GemmWaves.NONE);
        double full = new TransformerCosts(GPT, 4, 2, Recompute.FULL, false).layerFlops(GemmWaves.NONE);
        assertThat(none).isCloseTo(3 * (linear + attention), within(1e3));
        assertThat(selective - none).isCloseTo(attention, within(1e3));
        assertThat(full - none).isCloseTo(linear + attention, within(1e3));
    }

    @Test
    void virtualStagesDivideTheBubbleByV() {
        HardwareCatalog hw = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(hw, hw.system("dgx-a100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-a100").orElseThrow())).orElseThrow();
        ParallelLayout plain = ParallelLayout.builder(1, 4, 2, 1, 8).build();
        ParallelLayout interleaved = plain.toBuilder().virtualStages(3).build();
        assertThat(model.unsupported(GPT, interleaved)).isEmpty();
        JobTerms.Breakdown a = model.terms(GPT, plain).breakdown(Efficiency.VTRAIN_A100, false);
        JobTerms.Breakdown b = model.terms(GPT, interleaved).breakdown(Efficiency.VTRAIN_A100, false);
        // (m + p - 1) slots against m + (p - 1) / v: the same stage time, a third of the 3-slot bubble
        assertThat(b.stageS()).isEqualTo(a.stageS());
        assertThat(a.pipelineS()).isCloseTo(11 * a.stageS(), within(1e-12));
        assertThat(b.pipelineS()).isCloseTo(9 * a.stageS(), within(1e-12));
        // and v times the point-to-point messages per micro-batch: v m + p - 1 = 27 exchanges against 11, of which
        // the first stage's v m - 2 (p - 1) - (v - 1) p = 10 steady steps hide behind the next pass (P2pOverlap): the
        // NVLink messages are shorter than a pass, so 17 stay exposed
        assertThat(b.p2pS() / a.p2pS()).isCloseTo(17.0 / 11, within(1e-9));
        // 24 layers do not split into 4 x 5 chunks
        assertThat(model.unsupported(GPT, plain.toBuilder().virtualStages(5).build()))
                .hasValueSatisfying(m -> assertThat(m).contains("do not divide into pipeline_parallel x virtual_stages"));
    }

    @Test
    void thePrecisionPicksTheCataloguedPeakAndAMissingOneIsRefused() {
        HardwareCatalog hw = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(hw, hw.system("dgx-a100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-a100").orElseThrow())).orElseThrow();
        assertThat(model.peakFlops(Precision.BF16)).hasValue(312e12);
        assertThat(model.peakFlops(Precision.FP32)).hasValue(19.5e12);
        ParallelLayout fp32 = ParallelLayout.builder(1, 1, 8, 1, 1).precision(Precision.FP32).build();
        ParallelLayout fp16 = ParallelLayout.builder(1, 1, 8, 1, 1).build();
        assertThat(model.terms(GPT, fp32).first().flopsS() / model.terms(GPT, fp16).first().flopsS())
                .isCloseTo(312 / 19.5, within(1e-9));
        assertThat(model.unsupported(GPT, fp16.toBuilder().precision(Precision.FP8).build()))
                .hasValue("the catalog has no fp8 peak FLOPs for A100-SXM4-40GB (it states fp32, tf32, fp16, bf16)");
    }

    @Test
    void fp8RunsTheLinearLayersAtItsPeakAndTheRestAtBf16s() {
        HardwareCatalog hw = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(hw, hw.system("dgx-h100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-h100").orElseThrow())).orElseThrow();
        ParallelLayout bf16 = ParallelLayout.builder(1, 1, 8, 1, 1).precision(Precision.BF16).build();
        ParallelLayout fp8 = bf16.toBuilder().precision(Precision.FP8).build();
        assertThat(model.unsupported(GPT, fp8)).isEmpty();
        JobTerms b = model.terms(GPT, bf16);
        JobTerms f = model.terms(GPT, fp8);
        // The H100's FP8 peak is twice its BF16 peak: the linear layers take half the time, the attention core the
        // same, so a layer takes more than half.
        assertThat(f.first().flopsS()).isLessThan(b.first().flopsS()).isGreaterThan(b.first().flopsS() / 2);
        // The output layer runs in BF16 either way (with one stage the last stage is the first plus the logits).
        assertThat(f.last().flopsS() - f.first().flopsS()).isCloseTo(b.last().flopsS() - b.first().flopsS(),
                within(1e-12));
    }
}
