package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Sharding;
import io.stepcast.api.hardware.HardwareCatalog;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** FlashAttention-2's published rates, and the attention they time in the cost model. */
class FlashAttentionRateTest {
    private static final HardwareCatalog CATALOG = new DefaultHardwareCatalog();

    @Test
    void theRatesAreThePapersFigures() {
        // forward 73% and backward 63% of peak, the backward's FLOPs 2.5 times the forward's
        assertThat(FlashAttentionRate.ofPeak(CATALOG.device("dgx-a100").orElseThrow(), Precision.BF16))
                .isCloseTo(3.5 / (1 / 0.73 + 2.5 / 0.63), within(1e-12));
        assertThat(FlashAttentionRate.AMPERE).isCloseTo(0.656, within(0.001));
        assertThat(FlashAttentionRate.ofPeak(CATALOG.device("dgx-h100").orElseThrow(), Precision.FP16))
                .isCloseTo(335 / 989.4, within(1e-12));
        // No FlashAttention-2 figure for the V100, nor a kernel in TF32: the A100's share, below the fitted GEMM
        // efficiency, so a GPU or precision without the kernel never gets a faster attention than one with it.
        assertThat(FlashAttentionRate.ofPeak(CATALOG.device("dgx-1-v100").orElseThrow(), Precision.FP16))
                .isEqualTo(FlashAttentionRate.AMPERE);
        assertThat(FlashAttentionRate.ofPeak(CATALOG.device("dgx-h100").orElseThrow(), Precision.TF32))
                .isEqualTo(FlashAttentionRate.AMPERE).isLessThan(Efficiency.VTRAIN_A100.flops());
    }

    @Test
    void theFusedAttentionRunsAtItsRateNotAtTheFittedEfficiency() {
        TransformerShape llama = new TransformerShape(32, 4096, 32, 8192, 128256, 14336, 8, TransformerShape.Style.LLAMA);
        ParallelLayout flash = ParallelLayout.builder(1, 1, 8, 1, 4).precision(Precision.BF16)
                .sharding(Sharding.OPTIMIZER).flashAttention(true).build();
        MegatronCostModel h100 = LinkCosts.of(CATALOG, CATALOG.system("dgx-h100").orElseThrow())
                .flatMap(l -> MegatronCostModel.of(l, CATALOG.device("dgx-h100").orElseThrow())).orElseThrow();
        StageTerms stage = h100.terms(llama, flash).first();
        double attentionAtPeak = 32 * TransformerCosts.of(llama, flash).attentionFlops() / 989.4e12;
        assertThat(stage.attentionS()).isCloseTo(attentionAtPeak, within(1e-9));
        assertThat(stage.fusedS()).isCloseTo(attentionAtPeak / (335 / 989.4), within(1e-9));
        // Megatron-LM's unfused attention stays with the other products, at the fitted efficiency.
        StageTerms unfused = h100.terms(llama, flash.toBuilder().flashAttention(false).build()).first();
        assertThat(unfused.fusedS()).isZero();
    }
}
