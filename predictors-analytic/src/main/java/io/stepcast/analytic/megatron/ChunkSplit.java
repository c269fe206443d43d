package io.stepcast.analytic.megatron;

import io.stepcast.api.FieldNames;
import io.stepcast.api.InvalidField;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How Megatron-LM places a model's L transformer layers in the p x v model chunks of the interleaved 1F1B schedule
 * (Narayanan et al., SC'21, section 2.2.2): chunk c of pipeline rank i is virtual stage {@code c p + i}, and the
 * micro-batch runs through the virtual stages in that order.
 * <ul>
 *   <li>When p v divides L, every chunk holds L / (p v) layers (Megatron-LM's {@code get_num_layers_to_build}).</li>
 *   <li>Otherwise, when p v divides L + 2, the split of Megatron-LM's
 *       {@code --account-for-embedding-in-pipeline-split} and {@code --account-for-loss-in-pipeline-split}
 *       ({@code TransformerConfig.account_for_embedding_in_pipeline_split}, {@code account_for_loss_in_pipeline_split};
 *       {@code transformer_block.get_num_layers_to_build}): the embedding and the loss count as one layer each, every
 *       chunk holds (L + 2) / (p v), and the first virtual stage builds one transformer layer fewer (it holds the
 *       embedding) as does the last (it holds the output layer and the loss). NVIDIA's Megatron-Bridge sets both flags
 *       in its Llama 3.1 405B recipe (NVIDIA-NeMo/Megatron-Bridge@3594df9,
 *       {@code src/megatron/bridge/recipes/llama/llama31_405b.py}): 126 + 2 = 128 layers over PP 8 x VP 8 chunks of 2,
 *       the first and the last chunk with 1. Where (L + 2) / (p v) is 1, the first chunk holds the embedding alone and
 *       the last the output layer and the loss alone: no transformer layer, which Megatron-LM's subtraction gives
 *       too, and which the cost model charges as such (the ends' terms, no layer's).</li>
 *   <li>Otherwise Megatron-LM refuses the layout ({@link #refusal}).</li>
 * </ul>
 * With one chunk per rank (v = 1) the ranks hold {@link StagePartition}'s layers. Summed over a rank's chunks, the
 * account-for split holds exactly what {@link StagePartition} gives the rank (L mod p = p - 2 extra layers go to the
 * p - 2 middle ranks), so the per-rank costs of {@link MegatronCostModel} hold for both splits; only the simulation
 * ({@link PipelineSimulation}) times the chunks one by one.
 *
 * @param layers      L transformer layers
 * @param stages      p pipeline ranks
 * @param chunks      v model chunks per rank (virtual stages)
 * @param endsCounted whether the embedding and the loss count as layers (p v does not divide L, but L + 2)
 */
record ChunkSplit(int layers, int stages, int chunks, boolean endsCounted) {
    /** The Megatron-LM options whose split {@link #endsCounted} is. */
    static final String ACCOUNT_FLAGS = "--account-for-embedding-in-pipeline-split --account-for-loss-in-pipeline-split";

    ChunkSplit {
        if (layers < 1 || stages < 1 || chunks < 1) {
            throw new IllegalArgumentException(layers + " layers, " + stages + " stages, " + chunks + " chunks");
        }
    }

    /**
     * The split Megatron-LM makes of L layers over p ranks of v chunks, or empty when it refuses them (v &gt; 1 and
     * p v divides neither L nor L + 2; or p &gt; L).
     */
    static Optional<ChunkSplit> of(int layers, int stages, int chunks) {
        if (stages > layers) {
            return Optional.empty();
        }
        if (chunks == 1) {
            return Optional.of(new ChunkSplit(layers, stages, 1, false));
        }
        long n = (long) stages * chunks;
        if (layers % n == 0) {
            return Optional.of(new ChunkSplit(layers, stages, chunks, false));
        }
        // The embedding and the loss counted as layers: the first and the last chunk keep at least none.
        if ((layers + 2L) % n == 0) {
            return Optional.of(new ChunkSplit(layers, stages, chunks, true));
        }
        return Optional.empty();
    }

    /** The transformer layers of chunk {@code chunk} (0 to v - 1) on rank {@code stage} (0 to p - 1). */
    int layers(int stage, int chunk) {
        if (stage < 0 || stage >= stages || chunk < 0 || chunk >= chunks) {
            throw new IllegalArgumentException("no chunk " + chunk + " of stage " + stage + " in " + this);
        }
        if (chunks == 1) {
            return StagePartition.layers(layers, stages, stage);
        }
        int n = stages * chunks;
        if (!endsCounted) {
            return layers / n;
        }
        int each = (layers + 2) / n;
        boolean first = stage == 0 && chunk == 0;
        boolean last = stage == stages - 1 && chunk == chunks - 1;
        return each - (first ? 1 : 0) - (last ? 1 : 0);
    }

    /** The transformer layers of rank {@code stage} over its chunks. */
    int stageLayers(int stage) {
        int sum = 0;
        for (int c = 0; c < chunks; c++) {
            sum += layers(stage, c);
        }
        return sum;
    }

    /**
     * Megatron-LM's refusal of v chunks of p ranks over L layers as a refusal of the field {@code virtual_stages}
     * ({@code "virtual_stages: the 80 layers do not divide ..."}), so that each front end names it and the fields it
     * mentions in its own words ({@link #why}).
     */
    static InvalidField refusal(int layers, int stages, int chunks) {
        return new InvalidField("virtual_stages", names -> ": " + why(layers, stages, chunks, names));
    }

    /**
     * Why Megatron-LM refuses v chunks of p ranks over L layers, naming what would run instead: the virtual stages
     * whose chunks split L (or L + 2 with {@link #ACCOUNT_FLAGS}) evenly; the layout's fields named by {@code names}.
     */
    static String why(int layers, int stages, int chunks, FieldNames names) {
        List<Integer> fits = new ArrayList<>();
        for (int v = 1; v <= layers + 2; v++) {
            if (of(layers, stages, v).isPresent()) {
                fits.add(v);
            }
        }
        String v = names.mention("virtual_stages");
        return "the " + layers + " layers do not divide into " + names.mention("pipeline_parallel") + " x " + v + " = "
                + stages + " x " + chunks + " chunks (the interleaved schedule), nor do " + layers + " + 2 with the "
                + "embedding and the loss counted as layers (Megatron-LM's " + ACCOUNT_FLAGS + ")"
                + (fits.isEmpty() ? "" : "; " + v + " " + join(fits) + " split them over " + stages + " stages");
    }

    private static String join(List<Integer> values) {
        StringBuilder b = new StringBuilder();
        for (int i = 0; i < values.size(); i++) {
            b.append(i == 0 ? "" : i == values.size() - 1 ? " or " : ", ").append(values.get(i));
        }
        return b.toString();
    }

    /**
     * The note that the layouts of {@code stages} pipeline stages split L layers into their v chunks only with the
     * embedding and the loss counted as layers ({@link #ACCOUNT_FLAGS}).
     */
    static String countedNote(int layers, int chunks, List<Integer> stages) {
        String ps = stages.stream().map(String::valueOf).collect(Collectors.joining(", "));
        return "the " + layers + " layers do not divide into pp x " + chunks + " chunks for pp " + ps
                + ": they are split as Megatron-LM's " + ACCOUNT_FLAGS + " split them, (" + layers + " + 2) / (pp x "
                + chunks + ") per chunk, one fewer in the first (with the embedding) and in the last (with the loss)";
    }
}
