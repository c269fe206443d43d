package io.stepcast.datasets.importers;

import io.stepcast.api.InvalidField;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;
import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.io.CsvRow;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.zoo.ModelZoo;
import io.stepcast.datasets.zoo.ZooModel;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The generic CSV's columns of a 3D-parallel (Megatron-LM style) run: the layout ({@code tensor_parallel},
 * {@code pipeline_parallel}, {@code micro_batch}, {@code virtual_stages}), how it runs ({@code sequence_parallel},
 * {@code recompute}, {@code precision}, {@code distributed_optimizer}, {@code fsdp}, {@code zero_stage}: DeepSpeed's
 * ZeRO stage 0-3, 2 sharding the gradients beside the optimizer state, {@code flash_attention},
 * {@code context_parallel}, {@code expert_parallel}: a mixture-of-experts model's experts split over that many ranks of
 * a stage, 1 when absent; {@code expert_overlap}: their all-to-alls overlapped with another micro-batch's compute;
 * {@code expert_capacity_factor}: a token-dropping run's capacity factor, blank for a dropless one;
 * {@code fused_kernels}: false for eager PyTorch's separate element-wise kernels, true (the default) for fused ones;
 * {@code overlap_p2p_comm}: false when the interleaved schedule's steady-state sends block (Megatron-LM's
 * {@code --no-overlap-p2p-communication}, or a run before the option), blank for Megatron-LM's default, on exactly
 * under the interleaved schedule; true on the plain schedule is refused) and
 * the transformer's {@code sequence_length} and {@code vocab_size}: a length that differs from the model's own names
 * the zoo's variant at that length ({@code BERT-large-seq128}, {@code llama3-8b-seq4096}), and a GPT's length or any
 * vocabulary that differs names the zoo's parametric GPT (or, for a Llama, the parametric Llama) of that shape. A row
 * that states any layout column is a model-parallel job whose {@code workers} are its data-parallel replicas, each of
 * tensor x context x pipeline GPUs.
 */
final class LlmColumns {
    /** The columns that make a row a model-parallel job. */
    static final List<String> LAYOUT = List.of("tensor_parallel", "pipeline_parallel", "micro_batch",
            "virtual_stages", "sequence_parallel", "recompute", "precision", "distributed_optimizer", "fsdp",
            "zero_stage", "flash_attention", "context_parallel", "expert_parallel", "expert_overlap", "expert_capacity_factor",
            "fused_kernels", "overlap_p2p_comm");
    /** The columns that change the transformer's shape. */
    static final List<String> SHAPE = List.of("sequence_length", "vocab_size");

    private LlmColumns() {
    }

    /** Whether the row states a layout column. */
    static boolean stated(CsvRow r) {
        return LAYOUT.stream().anyMatch(r::has);
    }

    /**
     * The layout of a row of {@code data} replicas that each run {@code replicaBatch} samples per iteration.
     *
     * @throws DataFormatException naming the row and the column
     */
    static ParallelLayout layout(CsvRow r, int data, int replicaBatch) throws DataFormatException {
        int t = r.has("tensor_parallel") ? r.positiveInteger("tensor_parallel") : 1;
        int p = r.has("pipeline_parallel") ? r.positiveInteger("pipeline_parallel") : 1;
        int b;
        if (r.has("micro_batch")) {
            b = r.positiveInteger("micro_batch");
        } else if (p == 1) {
            b = replicaBatch;
        } else {
            throw r.refuse("micro_batch", names -> "is needed with " + names.mention("pipeline_parallel") + " " + p
                    + " (the pipeline's bubble depends on the micro-batches)");
        }
        if (replicaBatch % b != 0) {
            throw r.refuse("micro_batch", ": " + b + " does not divide the " + replicaBatch + " samples of one "
                    + "data-parallel replica (global batch / workers)");
        }
        int v = r.has("virtual_stages") ? r.positiveInteger("virtual_stages") : 1;
        boolean sp = r.has("sequence_parallel") && bool(r, "sequence_parallel");
        Sharding sharding = sharding(r);
        boolean flash = r.has("flash_attention") && bool(r, "flash_attention");
        int c = context(r, flash);
        try {
            Recompute rc = r.has("recompute") ? Recompute.parse(r.text("recompute"), "recompute") : Recompute.NONE;
            Precision pr = r.has("precision") ? Precision.parse(r.text("precision"), "precision")
                    : ParallelLayout.DEFAULT_PRECISION;
            int e = r.has("expert_parallel") ? r.positiveInteger("expert_parallel") : 1;
            boolean overlap = r.has("expert_overlap") && bool(r, "expert_overlap");
            OptionalDouble capacity = r.has("expert_capacity_factor")
                    ? OptionalDouble.of(r.positive("expert_capacity_factor")) : OptionalDouble.empty();
            boolean fused = !r.has("fused_kernels") || bool(r, "fused_kernels");
            ParallelLayout.Builder layout = ParallelLayout.builder(t, p, data, b, replicaBatch / b).virtualStages(v)
                    .sequenceParallel(sp).recompute(rc).precision(pr).sharding(sharding).flashAttention(flash)
                    .context(c).expert(e).expertOverlap(overlap).expertCapacityFactor(capacity).fusedKernels(fused);
            if (r.has("overlap_p2p_comm")) {
                layout.overlapP2pComm(bool(r, "overlap_p2p_comm"));
            }
            return layout.build();
        } catch (InvalidField e) {
            throw r.invalid(e, LlmColumns::column);
        }
    }

    /**
     * The generic CSV's column that states a {@link ParallelLayout} field (the key its refusals carry): the field's own
     * key but for the data-parallel replicas ({@code workers}), the micro-batches (which follow from
     * {@code micro_batch}) and the sharding ({@code fsdp} or {@code distributed_optimizer}; named as {@code fsdp}).
     */
    static String column(String field) {
        return switch (field) {
            case "data_parallel" -> "workers";
            case "micro_batches" -> "micro_batch";
            case "sharding" -> "fsdp";
            default -> field;
        };
    }

    /**
     * The model of the row: {@code model} itself when {@code sequence_length} and {@code vocab_size} are absent or
     * the model's own; with another length, the zoo's variant of BERT, the Transformer or a published Llama at that
     * length; otherwise the zoo's parametric GPT (a Llama's: parametric Llama) of the model's transformer shape with
     * those replaced.
     *
     * @throws DataFormatException when a shape column is given for a zoo model that is not a transformer (a name the zoo
     *                             does not know is returned as it is, for the predictors to refuse)
     */
    static String model(CsvRow r, String model, ModelZoo zoo) throws DataFormatException {
        if (SHAPE.stream().noneMatch(r::has)) {
            return model;
        }
        String column = r.has("sequence_length") ? "sequence_length" : "vocab_size";
        Optional<ZooModel> known;
        try {
            known = zoo.find(model);
        } catch (IllegalArgumentException e) {
            throw r.refuse("model", ": " + e.getMessage());
        }
        if (known.isEmpty()) {
            // An unknown name is the predictors' to refuse row by row (with the closest names), as in a file without
            // shape columns; the column is not what is wrong.
            return model;
        }
        Optional<TransformerShape> shape = known.get().transformer();
        if (shape.isEmpty()) {
            throw r.refuse(column, ": model '" + model + "' is not a transformer of the zoo, so its shape cannot be "
                    + "changed (name one such as gpt-l24-h1024-a16-s2048-v50304, see docs/model-zoo.md)");
        }
        TransformerShape s = shape.get();
        int seq = r.has("sequence_length") ? r.positiveInteger("sequence_length") : s.sequence();
        int vocab = r.has("vocab_size") ? r.positiveInteger("vocab_size") : s.vocabulary();
        if (vocab == s.vocabulary()) {
            if (seq == s.sequence()) {
                return model;
            }
            // BERT stays BERT (its embeddings and no logits) and a published Llama keeps its name at another length;
            // only GPTs and parametric Llamas become parametric shapes.
            try {
                Optional<String> variant = zoo.atSequence(model, seq);
                if (variant.isPresent()) {
                    return variant.get();
                }
            } catch (IllegalArgumentException e) {
                throw r.refuse("sequence_length", ": " + e.getMessage());
            }
        }
        if (s.moe() || s.headSize() * s.heads() != s.hidden() || s.slidingWindow() > 0) {
            throw r.refuse(column, names -> ": model '" + model + "' is a published model without a parametric form "
                    + "(experts, a window or wide heads), so only its " + names.mention("sequence_length")
                    + " can change");
        }
        // The block's style and key-value heads stay: a Llama with another vocabulary is the parametric Llama.
        return new TransformerShape(s.layers(), s.hidden(), s.heads(), seq, vocab, s.ffn(), s.kvHeads(), s.style())
                .gptName();
    }

    /**
     * Why a row's shape columns contradict the shape its model's name states ({@code gpt-l24-...-s2048-v50304},
     * {@code llama-l32-...-s8192-v128256} or {@code BERT-large-seq128} with {@code sequence_length} 4096,
     * {@link ModelZoo#namedShape}): the row is read as the columns say ({@link #model}), but a name that states another
     * length or vocabulary is more often a slip in transcribing a table than an intent, and the two shapes differ in
     * time by more than the predictors' errors. Empty when the name states no shape or the columns agree with it.
     */
    static Optional<String> contradiction(CsvRow r, String model, ModelZoo zoo) throws DataFormatException {
        Optional<TransformerShape> named;
        try {
            named = zoo.namedShape(model);
        } catch (IllegalArgumentException e) {
            throw r.refuse("model", ": " + e.getMessage());
        }
        if (named.isEmpty()) {
            return otherVocabulary(r, model, zoo);
        }
        TransformerShape s = named.get();
        List<String> differ = new ArrayList<>();
        if (r.has("sequence_length") && r.positiveInteger("sequence_length") != s.sequence()) {
            differ.add("sequence length " + s.sequence() + " where column sequence_length says "
                    + r.positiveInteger("sequence_length"));
        }
        if (r.has("vocab_size") && r.positiveInteger("vocab_size") != s.vocabulary()) {
            differ.add("vocabulary " + s.vocabulary() + " where column vocab_size says " + r.positiveInteger("vocab_size"));
        }
        return differ.isEmpty() ? Optional.empty() : Optional.of("model '" + model + "' names " + String.join(" and ",
                differ) + ": read as the " + (differ.size() == 1 ? "column says" : "columns say") + ", as "
                + model(r, model, zoo));
    }

    /**
     * A published zoo model (whose name states no shape) given another vocabulary: read as the parametric model of its
     * shape with that vocabulary, a different model from the one named, which the reader is told.
     */
    private static Optional<String> otherVocabulary(CsvRow r, String model, ModelZoo zoo) throws DataFormatException {
        if (!r.has("vocab_size")) {
            return Optional.empty();
        }
        Optional<TransformerShape> shape = zoo.find(model).flatMap(ZooModel::transformer);
        if (shape.isEmpty() || shape.get().vocabulary() == r.positiveInteger("vocab_size")) {
            return Optional.empty();
        }
        return Optional.of("model '" + model + "' has a vocabulary of " + shape.get().vocabulary()
                + " where column vocab_size says " + r.positiveInteger("vocab_size") + ": read as the column says, as "
                + model(r, model, zoo));
    }

    /**
     * The sharding the row states: {@code zero_stage} 0-3 ({@link Sharding#ofZeroStage}); else {@code fsdp} true is
     * {@link Sharding#FULL}, else {@code distributed_optimizer} true is {@link Sharding#OPTIMIZER}. FSDP shards the
     * optimizer state too, so with {@code fsdp} true a blank or true {@code distributed_optimizer} agrees and a false
     * one contradicts it. A {@code zero_stage} beside either column must say the same: {@code fsdp} true is stage 3
     * and {@code distributed_optimizer} true any stage from 1.
     */
    private static Sharding sharding(CsvRow r) throws DataFormatException {
        boolean full = r.has("fsdp") && bool(r, "fsdp");
        boolean optimizer = r.has("distributed_optimizer") && bool(r, "distributed_optimizer");
        if (full && r.has("distributed_optimizer") && !optimizer) {
            throw r.refuse("fsdp", names -> "is true but " + names.name("distributed_optimizer") + " is false: FSDP "
                    + "shards the optimizer state too (" + names.keepOn("distributed_optimizer") + ")");
        }
        Sharding flags = full ? Sharding.FULL : optimizer ? Sharding.OPTIMIZER : Sharding.NONE;
        if (!r.has("zero_stage")) {
            return flags;
        }
        int stage = r.integer("zero_stage");
        if (stage < 0 || stage > Sharding.FULL.zeroStage()) {
            throw r.refuse("zero_stage", "must be 0, 1, 2 or 3 (DeepSpeed's ZeRO stage), was " + stage);
        }
        Sharding zero = Sharding.ofZeroStage(stage);
        if (r.has("fsdp") && full != (zero == Sharding.FULL)) {
            throw r.refuse("zero_stage", names -> "is " + stage + " but " + names.name("fsdp") + " is " + full
                    + ": fsdp true is ZeRO stage 3 (state one of them, or make them agree)");
        }
        if (r.has("distributed_optimizer") && optimizer != zero.splitsOptimizer()) {
            throw r.refuse("zero_stage", names -> "is " + stage + " but " + names.name("distributed_optimizer")
                    + " is " + optimizer + ": ZeRO stages 1-3 shard the optimizer state, stage 0 does not (state one "
                    + "of them, or make them agree)");
        }
        return zero;
    }

    /**
     * The context-parallel ranks the row states, 1 when it states none. More than 1 needs {@code flash_attention}
     * true: checked here rather than left to {@link ParallelLayout}'s constructor so that the refusal names both
     * columns, as the reader of a file (or of a request's fields) needs to find what to change.
     */
    private static int context(CsvRow r, boolean flash) throws DataFormatException {
        int c = r.has("context_parallel") ? r.positiveInteger("context_parallel") : 1;
        if (c > 1 && !flash) {
            String stated = r.has("flash_attention") ? "false" : "not stated (false)";
            throw r.refuse("context_parallel", names -> "is " + c + " but " + names.name("flash_attention") + " is "
                    + stated + ": context parallelism's ring attention runs on the fused attention kernel, as in "
                    + "Megatron-LM and torchtitan (" + names.switchOn("flash_attention") + ")");
        }
        return c;
    }

    private static boolean bool(CsvRow r, String column) throws DataFormatException {
        String v = r.text(column).toLowerCase(Locale.ROOT);
        if (!v.equals("true") && !v.equals("false")) {
            throw r.refuse(column, "must be true or false, was '" + v + "'");
        }
        return Boolean.parseBoolean(v);
    }
}
