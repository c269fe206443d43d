package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Uneven pipeline partitions and the distributed optimizer's memory, on BLOOM 176B's published layout. */
class StagePartitionTest {
    /**
     * BLOOM 176B (BigScience, bigscience-workshop/bigscience@e726b15, train/tr11-176B-ml/README.md): 70 layers, hidden
     * 14,336, 112 heads, 2,048 tokens, vocabulary padded to 250,880; TP 4, PP 12, DP 8, micro-batch 2, global batch
     * 2,048 on 384 A100 80GB, BF16, full recomputation, ZeRO stage 1.
     */
    private static final TransformerShape BLOOM = new TransformerShape(70, 14336, 112, 2048, 250880, 4 * 14336);
    private static final ParallelLayout BLOOM_LAYOUT = ParallelLayout.builder(4, 12, 8, 2, 128)
            .recompute(Recompute.FULL).precision(Precision.BF16).distributedOptimizer(true).build();

    private static int[] partition(int layers, int stages) {
        return IntStream.range(0, stages).map(i -> StagePartition.layers(layers, stages, i)).toArray();
    }

    @Test
    void extraLayersGoToTheMiddleStagesFirst() {
        // BLOOM's README: 5 | 6 x 10 | 5 when the embeddings count as layers.
        assertThat(partition(70, 12)).containsExactly(5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5);
        assertThat(partition(96, 8)).containsOnly(12);
        assertThat(partition(25, 2)).containsExactly(12, 13);
        assertThat(partition(11, 4)).containsExactly(2, 3, 3, 3);
        assertThat(partition(7, 4)).containsExactly(1, 2, 2, 2);
        assertThat(partition(13, 4)).containsExactly(3, 4, 3, 3);
        assertThat(IntStream.of(partition(70, 12)).sum()).isEqualTo(70);
        assertThat(StagePartition.most(70, 12)).isEqualTo(6);
    }

    @Test
    void theDistributedOptimizerSplitsTheFp32StateOverTheReplicas() {
        MegatronCostModel.Memory sharded = MegatronCostModel.memory(BLOOM, BLOOM_LAYOUT);
        MegatronCostModel.Memory whole = MegatronCostModel.memory(BLOOM, BLOOM_LAYOUT.toBuilder()
                .distributedOptimizer(false).build());
        assertThat(sharded.optimizer()).isCloseTo(whole.optimizer() / 8, within(1.0));
        assertThat(sharded.weights()).isEqualTo(whole.weights());
        assertThat(sharded.activations()).isEqualTo(whole.activations());
        // 12 of BF16's 18 bytes per parameter are split: FP32 master weights and the two moments (Megatron-LM's
        // distrib_optimizer.md: 6 + 12 / d); the BF16 weights and FP32 gradients stay whole.
        assertThat(whole.optimizer() / whole.parameters()).isEqualTo(12.0);
        assertThat((whole.weights() + whole.gradients()) / whole.parameters()).isEqualTo(6.0);
    }

    @Test
    void bloomsPublishedLayoutFitsItsEightyGigabyteGpus() {
        // The first stage holds 5 layers (12 h^2 parameters each, over t = 4) and the embedding (250,880 x 14,336 over
        // t = 4), about 4.0e9 parameters per GPU: BF16's 18 bytes each are 72 GB whole, 6 + 12 / 8 = 7.5 bytes each
        // about 30 GB with the state sharded.
        MegatronCostModel.Memory sharded = MegatronCostModel.memory(BLOOM, BLOOM_LAYOUT);
        assertThat(sharded.parameters()).isBetween(3.9e9, 4.1e9);
        assertThat(sharded.total()).isLessThan(80e9);
        assertThat(MegatronCostModel.memory(BLOOM, BLOOM_LAYOUT.toBuilder().distributedOptimizer(false)
                .build()).total())
                .isGreaterThan(sharded.total() + 35e9);
    }
}
