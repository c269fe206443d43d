package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.List;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Context-parallel Llama runs, predicted with nothing fitted to them. Real measurements from NVIDIA/NeMo:
 * <ul>
 *   <li>{@code docs/source/performance/performance_long_sequence.md} at commit 9421f21, table "LLAMA2-7B (FP8) -
 *       H100" (NeMo 24.03.01, DGX H100): the "With CP" columns of 9 rows, 4K to 1024K tokens on as many GPUs as
 *       thousands of tokens, a global batch of 4M tokens, the TP, PP, DP and CP sizes and model TFLOP/s per GPU;</li>
 *   <li>{@code docs/source/performance/performance_summary.md} at commit 070a0bb, table "Pretraining" (NeMo 24.07,
 *       DGX H100, FP8): the LLAMA3-8B and LLAMA3-70B rows (CP 2) and their CP 1 siblings LLAMA2-7B and LLAMA2-70B,
 *       tokens per second per GPU.</li>
 * </ul>
 * Step times are derived: tokens per iteration over tokens per second, or the model FLOPs of an iteration over the
 * model TFLOP/s of all GPUs, counted as Megatron-LM counts them (every attention product, three passes; checked below
 * against the summary table, which gives both figures). Assumed, as the documents do not say: micro-batch 1, no
 * recomputation, the distributed optimizer, sequence parallelism where TP > 1, Transformer Engine's fused attention.
 * The efficiency constants are the defaults fitted on vTrain's Megatron-LM A100 table, carried to the H100; the fused
 * attention runs at FlashAttention-2's published H100 rate ({@link FlashAttentionRate}).
 */
class NemoContextParallelTest {
    private static final DefaultHardwareCatalog CATALOG = new DefaultHardwareCatalog();
    private static final double GB = 1e9;

    /** One row: thousands of tokens per sequence, GPUs, global batch, the layout, model TFLOP/s per GPU. */
    private record LongRow(int kiloTokens, int gpus, int globalBatch, int tp, int pp, int dp, int cp, double tflops) {
        TransformerShape shape() {
            return llama2of7b(kiloTokens * 1024);
        }

        ParallelLayout layout() {
            return ParallelLayout.builder(tp, pp, dp, 1, globalBatch / dp).sequenceParallel(tp > 1)
                    .precision(Precision.FP8).sharding(Sharding.OPTIMIZER).flashAttention(true).context(cp).build();
        }

        double measuredS() {
            double tokens = (double) globalBatch * shape().sequence();
            return tokens * megatronFlopsPerToken(shape()) / (tflops * 1e12 * gpus);
        }
    }

    private static final List<LongRow> LONG = List.of(
            new LongRow(4, 4, 1024, 1, 1, 4, 1, 768), new LongRow(8, 8, 512, 1, 2, 4, 1, 730),
            new LongRow(16, 16, 256, 2, 1, 8, 1, 660), new LongRow(32, 32, 128, 2, 1, 8, 2, 610),
            new LongRow(64, 64, 64, 4, 1, 8, 2, 574), new LongRow(128, 128, 32, 4, 1, 8, 4, 555),
            new LongRow(256, 256, 16, 4, 1, 8, 8, 549), new LongRow(512, 512, 8, 8, 1, 4, 16, 549),
            new LongRow(1024, 1024, 4, 8, 1, 4, 32, 536));

    /** Llama 2 7B (Meta's params.json) at {@code s} tokens. */
    private static TransformerShape llama2of7b(int s) {
        return new TransformerShape(32, 4096, 32, s, 32000, 11008, 32, TransformerShape.Style.LLAMA);
    }

    /**
     * Megatron-LM's model FLOPs per token of a Llama with multi-head attention: three passes of the matrices and of
     * every attention product, and the logits.
     */
    private static double megatronFlopsPerToken(TransformerShape s) {
        double h = s.hidden();
        double perLayer = 6 * (4 * h * h + 3 * h * s.ffn()) + 12.0 * s.sequence() * h;
        return s.layers() * perLayer + 6 * h * s.vocabulary();
    }

    private static MegatronCostModel h100() {
        return LinkCosts.of(CATALOG, CATALOG.system("dgx-h100").orElseThrow())
                .flatMap(l -> MegatronCostModel.of(l, CATALOG.device("dgx-h100").orElseThrow())).orElseThrow();
    }

    private static double predictedS(MegatronCostModel m, TransformerShape shape, ParallelLayout layout) {
        return m.terms(shape, layout).seconds(Efficiency.VTRAIN_A100, false);
    }

    @Test
    void theFlopCountThatDerivesTheStepTimesIsNeMos() {
        // Summary table, LLAMA2-7B: 776 model TFLOP/s per GPU at 16,847 tokens/s per GPU, 46.06 GFLOP per token.
        assertThat(megatronFlopsPerToken(llama2of7b(4096))).isCloseTo(776e12 / 16847, within(0.001 * 776e12 / 16847));
    }

    @Test
    void everyPublishedContextParallelLayoutIsCostedAndFitsTheH100() {
        MegatronCostModel m = h100();
        for (LongRow r : LONG) {
            assertThat(m.unsupported(r.shape(), r.layout())).as(r.toString()).isEmpty();
            assertThat(MegatronCostModel.memory(r.shape(), r.layout()).total() / GB).as(r.toString()).isLessThan(80);
        }
        // Without its 32 context-parallel ranks the million-token row's activations do not fit (32 times as many).
        LongRow million = LONG.get(LONG.size() - 1);
        ParallelLayout alone = million.layout().toBuilder().context(1).build();
        assertThat(MegatronCostModel.memory(million.shape(), alone).total() / GB).isGreaterThan(80);
    }

    @Test
    void fromFourThousandToAMillionTokensTheIterationsComeOutWithinFifteenPercent() {
        MegatronCostModel m = h100();
        double[] errors = LONG.stream()
                .mapToDouble(r -> predictedS(m, r.shape(), r.layout()) / r.measuredS() - 1).toArray();
        // All fast, a lower bound: FlashAttention-2's best published rate, where NeMo ran Transformer Engine's kernels
        // with the ring's per-chunk launches. The attention is 14% of the work at 4K and 97% at 1M: charged at the
        // matrix multiplications' fitted efficiency instead, the errors grew from 22% to 56% fast along the table.
        assertThat(java.util.Arrays.stream(errors).max().orElseThrow()).isNegative();
        assertThat(java.util.Arrays.stream(errors).min().orElseThrow()).isGreaterThan(-0.15);
        double mape = java.util.Arrays.stream(errors).map(Math::abs).average().orElseThrow();
        assertThat(mape).isCloseTo(0.066, within(0.005));
    }

    @Test
    void contextParallelRowsComeOutAsTheirSiblingsWithoutIt() {
        MegatronCostModel m = h100();
        TransformerShape llama3of8b = new TransformerShape(32, 4096, 32, 8192, 128256, 14336, 8,
                TransformerShape.Style.LLAMA);
        TransformerShape llama3of70b = new TransformerShape(80, 8192, 64, 8192, 128256, 28672, 8,
                TransformerShape.Style.LLAMA);
        TransformerShape llama2of70b = new TransformerShape(80, 8192, 64, 4096, 32000, 28672, 8,
                TransformerShape.Style.LLAMA);
        // Summary table rows: GPUs, global batch 128, micro-batch 1, tokens/s per GPU.
        double e8b = error(m, llama3of8b, layout(1, 1, 4, 128, 1, 2), 8, 12036);
        double e7b = error(m, llama2of7b(4096), layout(1, 1, 8, 128, 1, 1), 8, 16847);
        double e70b3 = error(m, llama3of70b, layout(4, 4, 2, 128, 5, 2), 64, 1533);
        double e70b2 = error(m, llama2of70b, layout(4, 4, 4, 128, 20, 1), 64, 1707);
        // Within 8 points of the sibling run without context parallelism on the same GPUs, and each within 16%.
        assertThat(e8b - e7b).isBetween(-0.08, 0.08);
        assertThat(e70b3 - e70b2).isBetween(-0.08, 0.08);
        assertThat(List.of(e8b, e7b, e70b3, e70b2)).allSatisfy(e -> assertThat(Math.abs(e)).isLessThan(0.16));
    }

    private static ParallelLayout layout(int tp, int pp, int dp, int globalBatch, int virtualStages, int cp) {
        return ParallelLayout.builder(tp, pp, dp, 1, globalBatch / dp).virtualStages(virtualStages)
                .sequenceParallel(tp > 1).precision(Precision.FP8).sharding(Sharding.OPTIMIZER).flashAttention(true)
                .context(cp).build();
    }

    private static double error(MegatronCostModel m, TransformerShape s, ParallelLayout l, int gpus,
                                double tokensPerGpuS) {
        double measured = l.globalBatch() * (double) s.sequence() / (tokensPerGpuS * gpus);
        return predictedS(m, s, l) / measured - 1;
    }
}
