package io.stepcast.analytic.megatron;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import org.junit.jupiter.api.Test;

import java.util.stream.IntStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * Megatron-LM's split of the layers into the p x v chunks of the interleaved schedule, with and without the embedding
 * and the loss counted as layers ({@code --account-for-embedding-in-pipeline-split},
 * {@code --account-for-loss-in-pipeline-split}), as NVIDIA's Megatron-Bridge runs Llama 3.1 405B (126 layers, PP 8,
 * VP 8; NVIDIA-NeMo/Megatron-Bridge@3594df9, {@code src/megatron/bridge/recipes/llama/llama31_405b.py}).
 */
class ChunkSplitTest {
    /** Llama 3.1 405B (Meta's params.json): 126 layers, hidden 16,384, 128 heads, 8 key-value heads, FFN 53,248. */
    private static final TransformerShape LLAMA_405B = new TransformerShape(126, 16384, 128, 8192, 128256, 53248, 8,
            TransformerShape.Style.LLAMA);

    private static int[] chunks(ChunkSplit split, int stage) {
        return IntStream.range(0, split.chunks()).map(c -> split.layers(stage, c)).toArray();
    }

    @Test
    void llama405bOnEightStagesOfEightChunksCountsTheEmbeddingAndTheLossAsLayers() {
        ChunkSplit split = ChunkSplit.of(126, 8, 8).orElseThrow();
        assertThat(split.endsCounted()).isTrue();
        // (126 + 2) / 64 = 2 layers per chunk; the first virtual stage builds 1 beside the embedding, the last 1
        // beside the output layer and the loss (Megatron-LM's get_num_layers_to_build).
        assertThat(chunks(split, 0)).containsExactly(1, 2, 2, 2, 2, 2, 2, 2);
        assertThat(chunks(split, 7)).containsExactly(2, 2, 2, 2, 2, 2, 2, 1);
        for (int i = 1; i < 7; i++) {
            assertThat(chunks(split, i)).as("stage " + i).containsOnly(2);
        }
        int[] stages = IntStream.range(0, 8).map(split::stageLayers).toArray();
        assertThat(stages).containsExactly(15, 16, 16, 16, 16, 16, 16, 15);
        assertThat(IntStream.of(stages).sum()).isEqualTo(126);
    }

    @Test
    void aChunkOfTheEndsAloneHoldsNoLayer() {
        // 14 layers, PP 4, VP 4: (14 + 2) / 16 = 1 per chunk, so the first chunk is the embedding alone and the last the
        // loss alone; every other chunk holds one layer, and the stages still hold all 14.
        ChunkSplit split = ChunkSplit.of(14, 4, 4).orElseThrow();
        assertThat(split.endsCounted()).isTrue();
        assertThat(chunks(split, 0)).containsExactly(0, 1, 1, 1);
        assertThat(chunks(split, 3)).containsExactly(1, 1, 1, 0);
        assertThat(IntStream.range(0, 4).map(split::stageLayers).toArray()).containsExactly(3, 4, 4, 3);
    }

    @Test
    void anEvenSplitIsUnchanged() {
        // Llama 3 70B as Megatron-Bridge runs it on H100: 80 layers, PP 8, VP 5: 2 layers in every one of 40 chunks.
        ChunkSplit split = ChunkSplit.of(80, 8, 5).orElseThrow();
        assertThat(split.endsCounted()).isFalse();
        for (int i = 0; i < 8; i++) {
            assertThat(chunks(split, i)).containsOnly(2);
        }
        // One chunk per stage: the plain schedule's partition, BLOOM's 70 layers over 12 stages as 5 | 6 x 10 | 5.
        ChunkSplit plain = ChunkSplit.of(70, 12, 1).orElseThrow();
        assertThat(IntStream.range(0, 12).map(plain::stageLayers).toArray())
                .containsExactly(5, 6, 6, 6, 6, 6, 6, 6, 6, 6, 6, 5);
    }

    @Test
    void perStageTheCountedSplitIsThePartitionTheCostModelCharges() {
        // Summed over a stage's chunks, Megatron-LM's account-for split is StagePartition's for every shape it applies to,
        // so the closed form's per-stage terms and the memory estimate hold for it unchanged.
        int counted = 0;
        for (int layers = 1; layers <= 160; layers++) {
            for (int p = 2; p <= 16; p++) {
                for (int v = 2; v <= 8; v++) {
                    var split = ChunkSplit.of(layers, p, v);
                    if (split.isEmpty()) {
                        continue;
                    }
                    counted += split.get().endsCounted() ? 1 : 0;
                    for (int i = 0; i < p; i++) {
                        assertThat(split.get().stageLayers(i)).as(layers + " layers, p " + p + ", v " + v + ", stage " + i)
                                .isEqualTo(StagePartition.layers(layers, p, i));
                    }
                }
            }
        }
        assertThat(counted).isGreaterThan(100);
    }

    @Test
    void aSplitMegatronRefusesNamesTheOptionsAndTheVirtualStagesThatWork() {
        assertThat(ChunkSplit.of(125, 8, 8)).isEmpty();
        InvalidField refusal = ChunkSplit.refusal(126, 8, 3);
        assertThat(refusal.field()).isEqualTo("virtual_stages");
        String why = refusal.getMessage();
        assertThat(why).startsWith("virtual_stages: the 126 layers do not divide into pipeline_parallel x "
                        + "virtual_stages = 8 x 3 chunks")
                .contains("--account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split")
                .endsWith("virtual_stages 1, 2, 4, 8 or 16 split them over 8 stages");
        // A front end names the field and the fields the reason mentions in its words (here made-up option names).
        FieldNames options = new FieldNames() {
            @Override
            public String name(String field) {
                return "--" + field.replace('_', '-');
            }

            @Override
            public String mention(String field) {
                return name(field);
            }
        };
        assertThat(refusal.named(options)).startsWith("--virtual-stages: the 126 layers do not divide into "
                        + "--pipeline-parallel x --virtual-stages = 8 x 3 chunks")
                .endsWith("; --virtual-stages 1, 2, 4, 8 or 16 split them over 8 stages");
    }

    @Test
    void theCostModelAnswersTheCountedSplitAndRefusesOthersAlike() {
        DefaultHardwareCatalog hw = new DefaultHardwareCatalog();
        MegatronCostModel model = LinkCosts.of(hw, hw.system("dgx-h100").orElseThrow(), StatedLinks.NONE)
                .flatMap(l -> MegatronCostModel.of(l, hw.device("dgx-h100").orElseThrow())).orElseThrow();
        ParallelLayout published = ParallelLayout.builder(8, 8, 8, 1, 64).virtualStages(8).sequenceParallel(true)
                .precision(Precision.FP8).sharding(Sharding.OPTIMIZER).flashAttention(true).context(2).build();
        assertThat(model.unsupported(LLAMA_405B, published)).isEmpty();
        // The closed form charges the busiest stage, a middle one of 16 layers (the first and last hold 15 and an end).
        JobTerms terms = model.terms(LLAMA_405B, published);
        assertThat(terms.middle().layers()).isEqualTo(16);
        assertThat(terms.first().layers()).isEqualTo(15);
        assertThat(terms.last().layers()).isEqualTo(15);
        // The simulation times the 64 chunks one by one: 1, 2, ..., 2, 1 layers.
        PipelineTerms chunks = model.pipeline(LLAMA_405B, published);
        assertThat(chunks.stages()).hasSize(64);
        assertThat(chunks.stages().get(0).layers()).isEqualTo(1);
        assertThat(chunks.stages().get(63).layers()).isEqualTo(1);
        assertThat(chunks.stages().stream().mapToInt(StageTerms::layers).sum()).isEqualTo(126);
        assertThat(chunks.dataS()).hasSize(8);
        ParallelLayout three = published.toBuilder().virtualStages(3).build();
        assertThat(model.unsupported(LLAMA_405B, three)).hasValue(ChunkSplit.refusal(126, 8, 3).getMessage());
        assertThat(model.refusal(LLAMA_405B, three).orElseThrow().field()).map(InvalidField::field)
                .hasValue("virtual_stages");
    }
}
