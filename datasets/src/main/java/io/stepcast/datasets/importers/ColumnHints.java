package io.stepcast.datasets.importers;

import io.stepcast.api.EditDistance;

import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * What a column of the generic CSV that is not one of its own likely means: a documented column it is a near
 * misspelling of ({@code local_bach} for {@code local_batch}, by edit distance), or one it is another common name of
 * ({@code throughput} for {@code throughput_samples_s}, {@code parameters} for {@code parameter_bytes},
 * {@code flash_attn} for {@code flash_attention}), with how to convert the values when the units differ. Both the
 * error for a missing column and the note on an unknown one take their hints from here, so a name gets the same hint
 * wherever it is reported.
 */
final class ColumnHints {
    /** How to turn a parameter count into the bytes of the gradients a step exchanges. */
    private static final String PARAMETER_BYTES = "parameter_bytes = parameters x bytes per gradient value: 4 for FP32"
            + " gradients, 2 when the framework exchanges FP16 gradients";
    /** What the {@code flash_attention} column asks for (Megatron-LM names its switch {@code --use-flash-attn}). */
    private static final String FLASH_ATTENTION = "true or false: whether the fused FlashAttention kernel ran";
    /** What the {@code fsdp} column asks for. */
    private static final String FSDP = "true or false: whether weights, gradients and optimizer state were sharded "
            + "over the data-parallel replicas, PyTorch FSDP's FULL_SHARD or ZeRO stage 3";
    /**
     * What the {@code recompute} column asks for, under the names Megatron-DeepSpeed ({@code --checkpoint-activations},
     * DeepSpeed's activation checkpointing) and Hugging Face ({@code gradient_checkpointing}) give it.
     */
    private static final String RECOMPUTE = "none, selective or full: full when every layer's activations were "
            + "checkpointed and recomputed in the backward pass (Megatron-DeepSpeed --checkpoint-activations, DeepSpeed "
            + "activation checkpointing)";
    /** What the {@code zero_stage} column asks for (DeepSpeed's {@code zero_optimization.stage}). */
    private static final String ZERO = "DeepSpeed's ZeRO stage, 0 to 3: 1 shards the optimizer state over the "
            + "data-parallel replicas, 2 the gradients too, 3 the weights too";
    /**
     * Other names users give documented columns, by {@link #key}, with what the documented column asks for: names too
     * far from the documented one in spelling to be found by edit distance.
     */
    private static final Map<String, Alias> ALIASES = Map.ofEntries(
            Map.entry("throughput", new Alias("throughput_samples_s", "in samples/s of the whole job")),
            Map.entry("parameters", new Alias("parameter_bytes", PARAMETER_BYTES)),
            Map.entry("params", new Alias("parameter_bytes", PARAMETER_BYTES)),
            Map.entry("num_parameters", new Alias("parameter_bytes", PARAMETER_BYTES)),
            Map.entry("num_params", new Alias("parameter_bytes", PARAMETER_BYTES)),
            Map.entry("parameter_count", new Alias("parameter_bytes", PARAMETER_BYTES)),
            Map.entry("flash_attn", new Alias("flash_attention", FLASH_ATTENTION)),
            Map.entry("use_flash_attn", new Alias("flash_attention", FLASH_ATTENTION)),
            Map.entry("full_shard", new Alias("fsdp", FSDP)),
            Map.entry("fully_sharded", new Alias("fsdp", FSDP)),
            Map.entry("activation_checkpointing", new Alias("recompute", RECOMPUTE)),
            Map.entry("checkpoint_activations", new Alias("recompute", RECOMPUTE)),
            Map.entry("activation_recomputation", new Alias("recompute", RECOMPUTE)),
            Map.entry("recompute_activations", new Alias("recompute", RECOMPUTE)),
            Map.entry("gradient_checkpointing", new Alias("recompute", RECOMPUTE)),
            Map.entry("zero", new Alias("zero_stage", ZERO)),
            Map.entry("zero_optimization_stage", new Alias("zero_stage", ZERO)));

    /** A documented column another name stands for, and how its values relate. */
    private record Alias(String column, String how) {
    }

    private final List<String> known;

    /** Hints among the documented columns {@code known}. */
    ColumnHints(List<String> known) {
        this.known = List.copyOf(known);
    }

    /**
     * For each of the {@code found} columns that is not documented and likely means one of {@code wanted} (the missing
     * ones), {@code ; 'local_bach' may be local_batch}, with how to convert where the units differ; or empty.
     */
    String mayBe(Collection<String> found, List<String> wanted) {
        StringBuilder out = new StringBuilder();
        for (String c : found) {
            if (known.contains(c)) {
                continue;
            }
            Optional<Alias> alias = alias(c).filter(a -> wanted.contains(a.column()));
            if (alias.isPresent()) {
                out.append("; '").append(c).append("' may be ").append(alias.get().column())
                        .append(" (").append(alias.get().how()).append(')');
                continue;
            }
            List<String> near = EditDistance.closest(c, wanted, 1);
            if (!near.isEmpty()) {
                out.append("; '").append(c).append("' may be ").append(near.get(0));
            }
        }
        return out.toString();
    }

    /**
     * The suffix of an unknown column's note: {@code : did you mean parameter_bytes (parameter_bytes = parameters x
     * ...)?} for another name of a documented column, else the closest documented columns by spelling
     * ({@link EditDistance#suggestion}), or the empty string.
     */
    String suggestion(String column) {
        Optional<Alias> alias = alias(column);
        if (alias.isPresent()) {
            return ": did you mean " + alias.get().column() + " (" + alias.get().how() + ")?";
        }
        return EditDistance.suggestion(column, known);
    }

    private static Optional<Alias> alias(String column) {
        return Optional.ofNullable(ALIASES.get(key(column)));
    }

    /** A column name with case ignored and spaces or dashes read as underscores. */
    private static String key(String column) {
        return column.strip().toLowerCase(Locale.ROOT).replaceAll("[\\s-]+", "_");
    }
}
