package io.stepcast.analytic.megatron;

import io.stepcast.api.FieldNames;
import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.Sharding;

import java.util.OptionalDouble;

/**
 * How every layout {@link LayoutPlanner} considers runs: recomputation, sequence parallelism, the interleaved
 * schedule's virtual stages, the precision, the sharding of the model state and the attention kernel
 * ({@link ParallelLayout}'s run options). Made with {@link #builder()} (or {@link #toBuilder()} to change some).
 *
 * @param recompute        which activations are recomputed
 * @param sequenceParallel Megatron-LM's sequence parallelism (where t > 1)
 * @param virtualStages    virtual stages v of the interleaved schedule; a layout it does not apply to (p = 1, the
 *                         micro-batches not divisible by p, or the layers split into p v chunks neither evenly nor
 *                         with the embedding and the loss counted as layers, {@link ChunkSplit}) runs the plain
 *                         schedule, and {@link #plainBecause} says why
 * @param precision        the precision of the matrix multiplications
 * @param sharding         how much of the model state the data-parallel replicas split ({@link Sharding}: the
 *                         distributed optimizer, or FSDP)
 * @param flashAttention   the attention core as FlashAttention's fused kernel
 * @param context          context-parallel ranks c of every layout (1: none); the planner splits the GPUs left,
 *                         N / c, over tensor, pipeline and data parallelism
 * @param contextSearch    whether the planner tries every power of two c that divides the GPUs and splits the
 *                         sequence into 2c chunks, as one more dimension of the layout (then {@code context} is 1)
 * @param expert           expert-parallel ranks e of every layout of a mixture-of-experts model (1: every GPU holds
 *                         every expert; {@link ParallelLayout#expert()})
 * @param expertSearch     whether the planner tries every e that divides a stage's t x c x d ranks and the model's
 *                         experts, as one more dimension of the layout (then {@code expert} is 1)
 * @param expertOverlap    whether the expert all-to-alls overlap another micro-batch's compute
 *                         ({@link ParallelLayout#expertOverlap()})
 * @param expertCapacityFactor the experts' capacity factor of every layout, empty for dropless ones
 *                         ({@link ParallelLayout#expertCapacityFactor()})
 * @param fusedKernels     whether the element-wise operations run as fused kernels (true) or as eager PyTorch's
 *                         separate kernels ({@link ParallelLayout#fusedKernels()}, {@link EagerKernels})
 * @param overlapP2pComm   true: Megatron-LM's default point-to-point overlap (on for the layouts that interleave);
 *                         false: every layout's stage-boundary sends block ({@link ParallelLayout#overlapP2pComm()})
 */
public record PlanOptions(Recompute recompute, boolean sequenceParallel, int virtualStages, Precision precision,
                          Sharding sharding, boolean flashAttention, int context, boolean contextSearch, int expert,
                          boolean expertSearch, boolean expertOverlap, OptionalDouble expertCapacityFactor,
                          boolean fusedKernels, boolean overlapP2pComm) {
    /**
     * No recomputation, no sequence parallelism, the plain schedule, the default precision, every replica with its
     * whole optimizer: {@link #builder()}'s defaults.
     */
    public static final PlanOptions PLAIN = builder().build();

    public PlanOptions {
        if (recompute == null || precision == null || sharding == null || expertCapacityFactor == null) {
            throw new IllegalArgumentException("recompute, precision, sharding and the capacity factor must be given");
        }
        if (expertCapacityFactor.isPresent() && !(expertCapacityFactor.getAsDouble() > 0
                && Double.isFinite(expertCapacityFactor.getAsDouble()))) {
            throw new IllegalArgumentException("--expert-capacity-factor must be a positive number, was "
                    + expertCapacityFactor.getAsDouble());
        }
        if (virtualStages < 1) {
            throw new IllegalArgumentException("--virtual-stages must be at least 1, was " + virtualStages);
        }
        if (context < 1) {
            throw new IllegalArgumentException("--context-parallel must be at least 1, was " + context);
        }
        if (context > 1 && !flashAttention) {
            throw new IllegalArgumentException("--context-parallel " + context + " needs --flash-attention (ring "
                    + "attention runs on the fused attention kernel, as in Megatron-LM and torchtitan)");
        }
        if (expert < 1 || (expertSearch && expert != 1)) {
            throw new IllegalArgumentException("--expert-parallel must be a positive whole number or auto, was "
                    + expert);
        }
        if (contextSearch && (context != 1 || !flashAttention)) {
            throw new IllegalArgumentException("--context-parallel auto needs --flash-attention (ring attention runs on "
                    + "the fused attention kernel, as in Megatron-LM and torchtitan)");
        }
    }

    /**
     * A builder whose every option starts at {@link #PLAIN}'s value: no recomputation, no sequence parallelism, one
     * virtual stage, {@link ParallelLayout#DEFAULT_PRECISION}, no sharding, Megatron-LM's attention, no context or
     * expert parallelism and no search of either, dropless experts without overlap, fused element-wise kernels, Megatron-LM's default
     * point-to-point overlap.
     */
    public static Builder builder() {
        return new Builder();
    }

    /** A builder holding these options, to build the same options with some changed. */
    public Builder toBuilder() {
        return builder().recompute(recompute).sequenceParallel(sequenceParallel).virtualStages(virtualStages)
                .precision(precision).sharding(sharding).flashAttention(flashAttention).context(context)
                .contextSearch(contextSearch).expert(expert).expertSearch(expertSearch).expertOverlap(expertOverlap)
                .expertCapacityFactor(expertCapacityFactor).fusedKernels(fusedKernels).overlapP2pComm(overlapP2pComm);
    }

    /** Whether the optimizer state is split over the replicas (the distributed optimizer, ZeRO stage 2 or FSDP). */
    public boolean distributedOptimizer() {
        return sharding.splitsOptimizer();
    }

    /** The layout of t, p, d, b, m (and the options' c) run with these options (the plain schedule where v does not apply). */
    ParallelLayout layout(int t, int p, int d, int b, int m, int layers) {
        return layout(t, context, p, d, b, m, layers);
    }

    /** The layout of t, c, p, d, b, m run with these options (the plain schedule where v does not apply). */
    ParallelLayout layout(int t, int c, int p, int d, int b, int m, int layers) {
        return layout(t, c, p, d, b, m, layers, 1);
    }

    /** The layout of t, c, p, d, b, m and e expert-parallel ranks (e must divide t c d). */
    ParallelLayout layout(int t, int c, int p, int d, int b, int m, int layers, int e) {
        boolean interleave = virtualStages > 1 && plainBecause(p, m, layers).isEmpty();
        ParallelLayout.Builder layout = ParallelLayout.builder(t, p, d, b, m).virtualStages(interleave ? virtualStages : 1)
                .sequenceParallel(sequenceParallel).recompute(recompute).precision(precision).sharding(sharding)
                .flashAttention(flashAttention).context(c).expert(e).expertOverlap(expertOverlap)
                .expertCapacityFactor(expertCapacityFactor).fusedKernels(fusedKernels);
        // Stated only when off: the default follows each layout's schedule.
        return (overlapP2pComm ? layout : layout.overlapP2pComm(false)).build();
    }

    /**
     * The expert-parallel ranks the planner tries for a stage of {@code stageRanks} (t x c x d) ranks and a model of
     * {@code experts} experts per MoE layer (0: a dense model): the options' e when it divides the stage's ranks
     * (else none), or, searched, every e dividing both (1 alone for a dense model).
     */
    java.util.List<Integer> experts(int stageRanks, int experts) {
        if (!expertSearch) {
            return stageRanks % expert == 0 ? java.util.List.of(expert) : java.util.List.of();
        }
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int e = 1; e <= stageRanks; e++) {
            if (stageRanks % e == 0 && (e == 1 || (experts > 0 && experts % e == 0))) {
                out.add(e);
            }
        }
        return out;
    }

    /**
     * Why a layout of p stages and m micro-batches per replica over L layers runs the plain schedule although the
     * options ask for v &gt; 1 virtual stages, or empty when they apply (or v = 1). Megatron-LM's interleaved schedule
     * needs p &gt; 1, m a multiple of p ({@code forward_backward_pipelining_with_interleaving}'s micro-batch groups of
     * p) and a split of the layers into p v chunks ({@link ChunkSplit}).
     */
    java.util.Optional<String> plainBecause(int p, int m, int layers) {
        if (virtualStages == 1) {
            return java.util.Optional.empty();
        }
        if (p == 1) {
            return java.util.Optional.of("one pipeline stage");
        }
        if (m % p != 0) {
            return java.util.Optional.of(m + (m == 1 ? " micro-batch" : " micro-batches") + " not a multiple of the " + p
                    + " stages");
        }
        if (ChunkSplit.of(layers, p, virtualStages).isEmpty()) {
            // Megatron-LM's refusal as predict gives it after the field, naming the flags and the virtual stages that
            // would split.
            return java.util.Optional.of(ChunkSplit.why(layers, p, virtualStages, FieldNames.KEYS));
        }
        return java.util.Optional.empty();
    }

    /**
     * The context-parallel ranks the planner tries for {@code gpus} GPUs and a sequence of {@code tokens}: the
     * options' c, or, searched, every power of two that divides the GPUs and splits the sequence into 2c chunks.
     *
     * @throws IllegalArgumentException when the options' c does not divide the GPUs
     */
    java.util.List<Integer> contexts(int gpus, int tokens) {
        if (!contextSearch) {
            if (gpus % context != 0) {
                throw new IllegalArgumentException("--context-parallel " + context + " does not divide the " + gpus
                        + " GPUs");
            }
            return java.util.List.of(context);
        }
        java.util.List<Integer> out = new java.util.ArrayList<>();
        for (int c = 1; c <= gpus; c *= 2) {
            if (gpus % c == 0 && (c == 1 || tokens % (2 * c) == 0)) {
                out.add(c);
            }
        }
        return out;
    }

    /**
     * Collects {@link PlanOptions}' fields, each starting at {@link #PLAIN}'s value, and validates them once in
     * {@link #build()}, as {@link ParallelLayout.Builder} does a layout's. Not thread-safe.
     */
    public static final class Builder {
        private Recompute recompute = Recompute.NONE;
        private boolean sequenceParallel;
        private int virtualStages = 1;
        private Precision precision = ParallelLayout.DEFAULT_PRECISION;
        private Sharding sharding = Sharding.NONE;
        private boolean flashAttention;
        private int context = 1;
        private boolean contextSearch;
        private int expert = 1;
        private boolean expertSearch;
        private boolean expertOverlap;
        private OptionalDouble expertCapacityFactor = OptionalDouble.empty();
        private boolean fusedKernels = true;
        private boolean overlapP2pComm = true;

        private Builder() {
        }

        /** Which activations are recomputed ({@link PlanOptions#recompute()}). */
        public Builder recompute(Recompute r) {
            this.recompute = r;
            return this;
        }

        /** Megatron-LM's sequence parallelism on or off ({@link PlanOptions#sequenceParallel()}). */
        public Builder sequenceParallel(boolean on) {
            this.sequenceParallel = on;
            return this;
        }

        /** Virtual stages of the interleaved schedule ({@link PlanOptions#virtualStages()}). */
        public Builder virtualStages(int v) {
            this.virtualStages = v;
            return this;
        }

        /** The precision of the matrix multiplications ({@link PlanOptions#precision()}). */
        public Builder precision(Precision p) {
            this.precision = p;
            return this;
        }

        /** How much of the model state the replicas split ({@link PlanOptions#sharding()}). */
        public Builder sharding(Sharding s) {
            this.sharding = s;
            return this;
        }

        /** The fused attention kernel or Megatron-LM's ({@link PlanOptions#flashAttention()}). */
        public Builder flashAttention(boolean fused) {
            this.flashAttention = fused;
            return this;
        }

        /** Context-parallel ranks of every layout ({@link PlanOptions#context()}). */
        public Builder context(int c) {
            this.context = c;
            return this;
        }

        /** Whether the planner searches the context-parallel ranks ({@link PlanOptions#contextSearch()}). */
        public Builder contextSearch(boolean search) {
            this.contextSearch = search;
            return this;
        }

        /** Expert-parallel ranks of every layout of a mixture-of-experts model ({@link PlanOptions#expert()}). */
        public Builder expert(int e) {
            this.expert = e;
            return this;
        }

        /** Whether the planner searches the expert-parallel ranks ({@link PlanOptions#expertSearch()}). */
        public Builder expertSearch(boolean search) {
            this.expertSearch = search;
            return this;
        }

        /** The expert all-to-alls overlapped with another micro-batch's compute or not. */
        public Builder expertOverlap(boolean overlapped) {
            this.expertOverlap = overlapped;
            return this;
        }

        /** The experts' capacity factor of a token-dropping run, or empty for a dropless one. */
        public Builder expertCapacityFactor(OptionalDouble factor) {
            this.expertCapacityFactor = factor;
            return this;
        }

        /** Fused element-wise kernels (true) or eager PyTorch's separate ones ({@link PlanOptions#fusedKernels()}). */
        public Builder fusedKernels(boolean fused) {
            this.fusedKernels = fused;
            return this;
        }

        /**
         * The options.
         *
         * @throws IllegalArgumentException naming the plan-llm option that is out of range or contradicts another
         */
        /**
         * Megatron-LM's default point-to-point overlap (true) or every stage-boundary send blocking
         * ({@link PlanOptions#overlapP2pComm()}).
         */
        public Builder overlapP2pComm(boolean byDefault) {
            this.overlapP2pComm = byDefault;
            return this;
        }

        public PlanOptions build() {
            return new PlanOptions(recompute, sequenceParallel, virtualStages, precision, sharding, flashAttention,
                    context, contextSearch, expert, expertSearch, expertOverlap, expertCapacityFactor, fusedKernels,
                    overlapP2pComm);
        }
    }
}
