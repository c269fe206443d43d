package io.stepcast.api;

import java.util.OptionalDouble;

/**
 * The 3D-parallel layout of a Megatron-style training job (Shoeybi et al., "Megatron-LM: Training
 * Multi-Billion Parameter Language Models Using Model Parallelism", 2019, for tensor parallelism; Narayanan
 * et al., "Efficient Large-Scale Language Model Training on GPU Clusters Using Megatron-LM", SC'21, section 2,
 * for the pipeline with micro-batches and the composition p x t x d = n), with how the job runs on it: the
 * interleaved schedule's virtual stages (Narayanan et al., SC'21, section 2.2.2), sequence parallelism and
 * activation recomputation (Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models",
 * MLSys 2023), the arithmetic precision, and context parallelism (each sequence split over c GPUs, its keys and values
 * passed around a ring: Liu, Zaharia and Abbeel, "Ring Attention with Blockwise Transformers for Near-Infinite
 * Context", ICLR 2024; Megatron-LM's {@code --context-parallel-size}). Absent from the {@link Deployment} of a plain
 * data-parallel job. With Megatron-LM's rank order (tensor fastest, then context, then data, then pipeline) the job
 * uses t x c x d x p GPUs.
 * Validated on construction: a refusal is an {@link InvalidField} carrying the generic CSV's column it is about.
 * Made with {@link #builder} (or {@link #toBuilder()} to change some fields of a layout); the canonical constructor
 * takes every field.
 *
 * @param tensor           tensor-parallel ranks t (each layer's matrices split over t GPUs)
 * @param pipeline         pipeline stages p (the layers split into p consecutive stages)
 * @param data             data-parallel replicas d (each replica holds t x p GPUs)
 * @param microBatch       samples per micro-batch b
 * @param microBatches     micro-batches m each replica runs per iteration: global batch = b x m x d
 * @param virtualStages    model chunks v per pipeline rank under the interleaved 1F1B schedule (1: the plain
 *                         schedule); more than 1 needs p > 1 and m divisible by p, as Megatron-LM requires
 * @param sequenceParallel the layer norms and dropouts split along the sequence over the t ranks (Korthikanti et
 *                         al., section 4.2.2); no effect when t = 1
 * @param recompute        which activations are recomputed instead of stored
 * @param precision        the precision of the matrix multiplications
 * @param sharding       how much of the model state each of the d replicas keeps: all of it, 1/d of the optimizer
 *                         state (Megatron-LM's {@code --use-distributed-optimizer}, ZeRO stage 1), 1/d of the
 *                         optimizer state and the gradients (ZeRO stage 2) or 1/d of everything (FSDP, ZeRO stage 3);
 *                         see {@link Sharding}
 * @param flashAttention   the attention core runs as one fused tiled kernel that never stores the {@code s x s} scores
 *                         and recomputes them in the backward pass, skipping the blocks a causal mask hides
 *                         (Dao, "FlashAttention-2", ICLR 2024, sections 3.1 and 3.2); else as Megatron-LM's separate
 *                         products and softmax over the whole score matrix
 * @param context          context-parallel ranks c: each sequence's tokens split over c GPUs, which hold the same
 *                         weights and pass their keys and values around a ring (1: none); more than 1 needs
 *                         {@code flashAttention}, as Megatron-LM (Transformer Engine's fused attention) and torchtitan
 *                         run the ring on the fused kernel. The d x c ranks of one stage average their gradients and,
 *                         under the distributed optimizer or FSDP, split the sharded state
 * @param expert           expert-parallel ranks e of a mixture-of-experts model (Megatron-Core's
 *                         {@code --expert-model-parallel-size}; Lepikhin et al., "GShard", ICLR 2021): each MoE layer's
 *                         experts are split over e ranks of a stage's t x c x d ranks (expert tensor parallelism 1),
 *                         which send each token to the ranks of its experts and back (all-to-all); the
 *                         {@code t c d / e} ranks holding the same experts average their gradients. 1 for a dense model
 * @param expertOverlap    whether each micro-batch's token dispatch and combine run while another micro-batch computes
 *                         (Megatron-Core's {@code --overlap-moe-expert-parallel-comm}, Megatron-Bridge's
 *                         {@code moe_a2a_overlap}: the forward of one micro-batch and the backward of another scheduled
 *                         together under the interleaved 1F1B schedule), rather than in between its layers' compute
 * @param expertCapacityFactor a token-dropping run's capacity factor F (Megatron-Core's
 *                         {@code --moe-expert-capacity-factor}), empty for a dropless run
 * @param fusedKernels     whether the transformer's element-wise operations (normalization, activation, rotary
 *                         embedding) run as fused kernels, as Megatron-LM with Transformer Engine runs them (true, the
 *                         default), or as eager PyTorch's separate kernels, each reading and writing its tensors in
 *                         memory (false: a model written in plain PyTorch without {@code torch.compile}, such as
 *                         torchtitan's Llama with its default {@code rmsnorm} or llm-foundry's MPT)
 * @param overlapP2pComm   whether the interleaved schedule's steady-state stage-boundary sends overlap the stage's next
 *                         pass (Megatron-LM's {@code overlap_p2p_comm}, see the analytic predictor's {@code P2pOverlap}):
 *                         on by default under the interleaved schedule (p > 1, v > 1), as Megatron-LM and
 *                         Megatron-Bridge run it; false for {@code --no-overlap-p2p-communication} or a run that
 *                         predates the option (NVIDIA/apex PR #1616, NVIDIA/Megatron-LM PR #331, 2023). True needs the
 *                         interleaved schedule: Megatron-LM forces it off under the plain one
 */
public record ParallelLayout(int tensor, int pipeline, int data, int microBatch, int microBatches, int virtualStages,
                             boolean sequenceParallel, Recompute recompute, Precision precision,
                             Sharding sharding, boolean flashAttention, int context, int expert,
                             boolean expertOverlap, OptionalDouble expertCapacityFactor, boolean fusedKernels,
                             boolean overlapP2pComm) {
    /** The precision of a layout that does not state one: Megatron-LM's mixed precision with FP16 products. */
    public static final Precision DEFAULT_PRECISION = Precision.FP16;

    public ParallelLayout {
        Validate.positive(tensor, "tensor_parallel");
        Validate.positive(pipeline, "pipeline_parallel");
        Validate.positive(data, "data_parallel");
        Validate.positive(microBatch, "micro_batch");
        Validate.positive(microBatches, "micro_batches");
        Validate.positive(virtualStages, "virtual_stages");
        Validate.present(recompute, "recompute");
        Validate.present(precision, "precision");
        Validate.present(sharding, "sharding");
        Validate.positive(context, "context_parallel");
        Validate.positive(expert, "expert_parallel");
        Validate.present(expertCapacityFactor, "expert_capacity_factor");
        if (expertCapacityFactor.isPresent() && !(expertCapacityFactor.getAsDouble() > 0
                && Double.isFinite(expertCapacityFactor.getAsDouble()))) {
            throw new InvalidField("expert_capacity_factor", "must be a positive number (blank for a dropless run), "
                    + "was " + expertCapacityFactor.getAsDouble());
        }
        if ((long) tensor * context * data % expert != 0) {
            throw new InvalidField("expert_parallel", "is " + expert + " but must divide the tensor x context x data "
                    + "= " + tensor + " x " + context + " x " + data + " ranks of a pipeline stage (Megatron-Core's "
                    + "expert groups are drawn from them)");
        }
        if (context > 1 && !flashAttention) {
            throw new InvalidField("context_parallel", names -> "is " + context + " but needs "
                    + names.mention("flash_attention") + " true (ring attention runs on the fused attention kernel, as "
                    + "in Megatron-LM and torchtitan)");
        }
        if (virtualStages > 1 && pipeline < 2) {
            throw new InvalidField("virtual_stages", names -> "is " + virtualStages + " but needs "
                    + names.mention("pipeline_parallel") + " of at least 2 (the interleaved schedule splits each "
                    + "pipeline rank's layers), was " + pipeline);
        }
        if (virtualStages > 1 && microBatches % pipeline != 0) {
            throw new InvalidField("virtual_stages", names -> "is " + virtualStages + " but needs micro-batches per "
                    + "replica (" + microBatches + ") divisible by " + names.mention("pipeline_parallel") + " "
                    + pipeline + " (Megatron-LM's interleaved schedule)");
        }
        if (overlapP2pComm && !interleaved(pipeline, virtualStages)) {
            throw new InvalidField("overlap_p2p_comm", names -> "is true but needs the interleaved schedule ("
                    + names.mention("virtual_stages") + " above 1 and " + names.mention("pipeline_parallel")
                    + " at least 2, was " + virtualStages + " and " + pipeline + "): Megatron-LM forces it off under "
                    + "the plain schedule");
        }
    }

    /** Whether p stages with v virtual stages each run the interleaved schedule. */
    private static boolean interleaved(int pipeline, int virtualStages) {
        return pipeline > 1 && virtualStages > 1;
    }

    /**
     * A builder of the layout of t x p x d GPUs running {@code microBatches} micro-batches of {@code microBatch}
     * samples per replica, with Megatron-LM's defaults for the rest: the plain 1F1B schedule (one virtual stage),
     * no sequence parallelism, no recomputation, {@link #DEFAULT_PRECISION}, every replica keeping the whole model
     * state, Megatron-LM's separate attention products, no context or expert parallelism, a dropless run, fused
     * element-wise kernels and the steady-state sends overlapped exactly when the schedule is interleaved. Nothing is checked until {@link Builder#build()}.
     */
    public static Builder builder(int tensor, int pipeline, int data, int microBatch, int microBatches) {
        return new Builder(tensor, pipeline, data, microBatch, microBatches);
    }

    /**
     * A builder of the layout of a job stated as its global batch (how Megatron-LM's {@code --global-batch-size} and
     * {@code --micro-batch-size} state it), with {@link #builder}'s defaults.
     *
     * @throws IllegalArgumentException when micro-batch x data does not divide the global batch
     */
    public static Builder builderForGlobalBatch(int tensor, int pipeline, int data, int microBatch, long globalBatch) {
        Validate.positive(data, "data_parallel");
        Validate.positive(microBatch, "micro_batch");
        long per = (long) microBatch * data;
        if (globalBatch < 1 || globalBatch % per != 0) {
            throw new IllegalArgumentException("global batch " + globalBatch + " is not a positive multiple of "
                    + "micro-batch x data = " + microBatch + " x " + data + " = " + per);
        }
        return builder(tensor, pipeline, data, microBatch, Math.toIntExact(globalBatch / per));
    }

    /** A builder holding this layout, to build the same layout with some fields changed. */
    public Builder toBuilder() {
        Builder b = new Builder(tensor, pipeline, data, microBatch, microBatches).virtualStages(virtualStages)
                .sequenceParallel(sequenceParallel).recompute(recompute).precision(precision).sharding(sharding)
                .flashAttention(flashAttention).context(context).expert(expert).expertOverlap(expertOverlap)
                .expertCapacityFactor(expertCapacityFactor).fusedKernels(fusedKernels);
        // Stated only when off against the default, so that a changed schedule keeps the default's rule.
        return overlapP2pComm == interleaved(pipeline, virtualStages) ? b : b.overlapP2pComm(overlapP2pComm);
    }

    /**
     * Collects a {@link ParallelLayout}'s fields, each starting at Megatron-LM's default ({@link #builder}), and
     * validates them once in {@link #build()}. Not thread-safe; build one layout per builder at a time.
     */
    public static final class Builder {
        private final int tensor;
        private final int pipeline;
        private final int data;
        private final int microBatch;
        private final int microBatches;
        private int virtualStages = 1;
        private boolean sequenceParallel;
        private Recompute recompute = Recompute.NONE;
        private Precision precision = DEFAULT_PRECISION;
        private Sharding sharding = Sharding.NONE;
        private boolean flashAttention;
        private int context = 1;
        private int expert = 1;
        private boolean expertOverlap;
        private OptionalDouble expertCapacityFactor = OptionalDouble.empty();
        private boolean fusedKernels = true;
        /** Null while unstated: Megatron-LM's default, on exactly under the interleaved schedule. */
        private Boolean overlapP2pComm;

        private Builder(int tensor, int pipeline, int data, int microBatch, int microBatches) {
            this.tensor = tensor;
            this.pipeline = pipeline;
            this.data = data;
            this.microBatch = microBatch;
            this.microBatches = microBatches;
        }

        /** Model chunks per pipeline rank under the interleaved schedule ({@link ParallelLayout#virtualStages()}). */
        public Builder virtualStages(int v) {
            this.virtualStages = v;
            return this;
        }

        /** Sequence parallelism on or off ({@link ParallelLayout#sequenceParallel()}). */
        public Builder sequenceParallel(boolean on) {
            this.sequenceParallel = on;
            return this;
        }

        /** Which activations are recomputed ({@link ParallelLayout#recompute()}). */
        public Builder recompute(Recompute r) {
            this.recompute = r;
            return this;
        }

        /** The precision of the matrix multiplications ({@link ParallelLayout#precision()}). */
        public Builder precision(Precision p) {
            this.precision = p;
            return this;
        }

        /** How much of the model state each replica keeps ({@link ParallelLayout#sharding()}). */
        public Builder sharding(Sharding s) {
            this.sharding = s;
            return this;
        }

        /**
         * With or without the distributed optimizer ({@link Sharding#OPTIMIZER}); a layout that shards more (ZeRO
         * stage 2, FSDP) keeps its sharding when asked for it, since those shard the optimizer state too.
         */
        public Builder distributedOptimizer(boolean sharded) {
            this.sharding = sharded ? (sharding.splitsOptimizer() ? sharding : Sharding.OPTIMIZER) : Sharding.NONE;
            return this;
        }

        /** The fused attention kernel or not ({@link ParallelLayout#flashAttention()}). */
        public Builder flashAttention(boolean fused) {
            this.flashAttention = fused;
            return this;
        }

        /** Context-parallel ranks c ({@link ParallelLayout#context()}); more GPUs when c grows. */
        public Builder context(int c) {
            this.context = c;
            return this;
        }

        /** Expert-parallel ranks e ({@link ParallelLayout#expert()}); the GPUs stay the same. */
        public Builder expert(int e) {
            this.expert = e;
            return this;
        }

        /** The expert all-to-alls overlapped with another micro-batch's compute or not. */
        public Builder expertOverlap(boolean overlapped) {
            this.expertOverlap = overlapped;
            return this;
        }

        /** The experts' capacity factor F of a token-dropping run, or empty for a dropless one. */
        public Builder expertCapacityFactor(OptionalDouble factor) {
            this.expertCapacityFactor = factor;
            return this;
        }

        /** Fused element-wise kernels (true) or eager PyTorch's separate ones ({@link ParallelLayout#fusedKernels()}). */
        public Builder fusedKernels(boolean fused) {
            this.fusedKernels = fused;
            return this;
        }

        /**
         * The interleaved schedule's steady-state sends overlapped or not ({@link ParallelLayout#overlapP2pComm()});
         * unstated, on exactly when the schedule is interleaved.
         */
        public Builder overlapP2pComm(boolean overlapped) {
            this.overlapP2pComm = overlapped;
            return this;
        }

        /**
         * The layout.
         *
         * @throws InvalidField carrying the field that is out of range or contradicts another
         */
        public ParallelLayout build() {
            return new ParallelLayout(tensor, pipeline, data, microBatch, microBatches, virtualStages,
                    sequenceParallel, recompute, precision, sharding, flashAttention, context, expert, expertOverlap,
                    expertCapacityFactor, fusedKernels,
                    overlapP2pComm == null ? interleaved(pipeline, virtualStages) : overlapP2pComm);
        }
    }

    /**
     * Ranks of one stage that hold the same experts and average their gradients (Megatron-Core's expert-data-parallel
     * group): the stage's t x c x d ranks over the e expert-parallel ones.
     */
    public int expertDataGroup() {
        return tensor * context * data / expert;
    }

    /**
     * Whether a parameter-server job can carry this layout: one GPU per replica (no tensor, context or pipeline split)
     * and nothing sharded, so that it says no more than the job's data parallelism, micro-batching and precision (a
     * TensorFlow table's parameter-server rows at FP32 and FP16 are two jobs).
     */
    public static boolean fitsParameterServers(ParallelLayout p) {
        return p.replicaGpus() == 1 && p.sharding() == Sharding.NONE;
    }

    /**
     * Whether the optimizer state is split over the d replicas: under the distributed optimizer, ZeRO stage 2 and FSDP
     * alike (the generic CSV's {@code distributed_optimizer} column).
     */
    public boolean distributedOptimizer() {
        return sharding.splitsOptimizer();
    }

    /** Whether weights and gradients are split over the d replicas too (FSDP; the generic CSV's {@code fsdp}). */
    public boolean fullySharded() {
        return sharding == Sharding.FULL;
    }

    /** Whether sequence parallelism splits anything: stated and t > 1. */
    public boolean splitsSequence() {
        return sequenceParallel && tensor > 1;
    }

    /** GPUs the job uses: t x c x p x d. */
    public int gpus() {
        return tensor * context * pipeline * data;
    }

    /** GPUs a model's weights are split over (the model-parallel group): t x p. */
    public int modelParallel() {
        return tensor * pipeline;
    }

    /**
     * GPUs of one data-parallel replica, which together run its share of the batch: t x c x p (the model-parallel
     * group times the context-parallel ranks).
     */
    public int replicaGpus() {
        return tensor * context * pipeline;
    }

    /**
     * Ranks of one stage that hold the same weights and average their gradients: d x c (Megatron-LM reduces over
     * its data-parallel group with the context-parallel ranks, and shards the distributed optimizer's state over it).
     */
    public int gradientGroup() {
        return data * context;
    }

    /** Samples per replica per iteration: b x m. */
    public int replicaBatch() {
        return microBatch * microBatches;
    }

    /** Samples per iteration over all replicas: b x m x d. */
    public long globalBatch() {
        return (long) replicaBatch() * data;
    }
}
