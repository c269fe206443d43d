package io.stepcast.analytic.megatron;

import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.zoo.ZooCatalog;
import org.junit.jupiter.api.Test;

import static org.assertj.core.api.Assertions.assertThat;

/** Megatron-LM's fused-softmax availability rule on the vTrain shapes (16 heads, 1,024 tokens) and others. */
class TransformerCostsSoftmaxTest {
    private static TransformerShape shape(String name) {
        return new ZooCatalog().find(name).orElseThrow().transformer().orElseThrow();
    }

    @Test
    void theFusedKernelNeedsAttentionBatchesInWholeBlocks() {
        TransformerShape gpt = shape("gpt-l12-h1024-a16-s1024-v50304");
        // b a / t attention batches must divide by 4 (batches per 128-thread block at 1,024 keys).
        assertThat(new TransformerCosts(gpt, 8, 1).fusedSoftmax()).isFalse();   // 2 batches
        assertThat(new TransformerCosts(gpt, 8, 2).fusedSoftmax()).isTrue();    // 4
        assertThat(new TransformerCosts(gpt, 4, 1).fusedSoftmax()).isTrue();    // 4
        assertThat(new TransformerCosts(gpt, 1, 1).fusedSoftmax()).isTrue();    // 16
        // Beyond 4,096 keys the kernel is not available at all.
        assertThat(new TransformerCosts(shape("gpt-l12-h1024-a16-s8192-v50304"), 1, 4).fusedSoftmax()).isFalse();
    }
}
