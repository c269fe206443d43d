package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;

/**
 * The per-GPU work of one transformer layer (and of the embedding and output layers) for one micro-batch
 * under tensor parallelism, forward plus backward. Pure arithmetic on the shape; no hardware figure.
 *
 * <ul>
 *   <li>Matrix-multiplication FLOPs of one layer's forward pass: {@code 8 b s h^2} (QKV and output
 *       projections) {@code + 4 b s h f} (the two MLP matrices, f = 4h gives Narayanan et al.'s
 *       {@code 16 b s h^2}) {@code + 4 b s^2 h} (Q K^T and the weighted sum of V): Narayanan et al., SC'21,
 *       section 5.1 and appendix, {@code 24 b s h^2 + 4 b s^2 h} per layer at f = 4h. Tensor parallelism splits
 *       each of these matrices over t GPUs (Shoeybi et al. 2019, section 3: column-parallel QKV and first MLP
 *       matrix, row-parallel projections, the heads split over the ranks), so each GPU runs 1/t of them. The
 *       linear layers' shards are counted with their tile and wave quantization ({@link GemmWaves}).</li>
 *   <li>The backward pass costs twice the forward (Narayanan et al., SC'21, appendix: "the backward pass
 *       requires double the number of FLOPs"), so forward plus backward is 3 times the forward.</li>
 *   <li>The output layer (logits): {@code 2 b s h V} forward, V padded by Megatron-LM to a multiple of 128 t
 *       ({@code --make-vocab-size-divisible-by}, times the tensor-parallel size), split over t; on the last
 *       stage only (Narayanan et al., SC'21, appendix, the {@code 6 B s h V} term over forward and backward).</li>
 *   <li>Element-wise traffic, bytes: 12 passes of 2-byte elements over the {@code b a s^2 / t} attention scores
 *       (scale and mask, softmax and dropout, each read and written, forward and backward) and 40 over the
 *       {@code b s h} activations: 20 inside the tensor-parallel regions, split over t (bias-GeLU on the 4h MLP
 *       activations, the attention's biases), and 20 outside them (the two layer norms, the two dropouts with
 *       their residual additions), which tensor parallelism alone runs on every rank in full (Korthikanti et al.,
 *       "Reducing Activation Recomputation in Large Transformer Models", MLSys 2023, section 4.2.2); an estimate
 *       of the kernels' traffic that the fitted {@link Efficiency#memory()} scales, Megatron-LM's fused kernels' as the
 *       fit on its runs absorbs it (eager PyTorch's separate kernels add {@link EagerKernels}' traffic). The matrix
 *       multiplications' own operand traffic ({@link #layerGemmBytes()}) is charged the same way.</li>
 *   <li>Tensor-parallel all-reduces: two in the forward and two in the backward pass of every layer (the f and
 *       g operators of Shoeybi et al. 2019, section 3 and figure 4), each of the {@code b s h} activations in
 *       2-byte elements; one more in the forward pass of the vocabulary-parallel embedding (Shoeybi et al.,
 *       section 3, "input embedding").</li>
 * </ul>
 *
 * With full activation recomputation every layer's forward pass runs again before its backward pass (Chen et
 * al., "Training Deep Nets with Sublinear Memory Cost", 2016; Narayanan et al., SC'21, section 3.5 and appendix:
 * 4 forward passes' FLOPs instead of 3), and the element-wise traffic grows in the same ratio. With selective
 * recomputation only the attention core runs again: the {@code 4 b s^2 h} products of Q K^T and of the scores
 * with V, and the scale-mask-softmax and dropout over the scores (Korthikanti et al., "Reducing Activation
 * Recomputation in Large Transformer Models", MLSys 2023, section 5), so those terms count 4 passes and the rest 3.
 * Sequence parallelism (ibid., section 4.2.2) replaces each tensor-parallel all-reduce by a reduce-scatter and an
 * all-gather of the same volume (the same time here), and splits the layer norms and dropouts that tensor
 * parallelism leaves replicated over the t ranks along the sequence; full recomputation runs the forward pass's two
 * all-reduces again ({@link #tensorCollectivesPerLayer()}).
 * <p>
 * A Llama block ({@link TransformerShape.Style#LLAMA}) has the same terms with its own matrices: under grouped-query
 * attention the QKV projection is {@code [bs x h] . [h x (h + 2 k)/t]} with {@code k = kvHeads x headSize}
 * (Ainslie et al., "GQA", EMNLP 2023), the SwiGLU MLP has three {@code h x f} matrices (gate and up as one
 * column-parallel {@code [bs x h] . [h x 2f/t]}, down row-parallel; Shazeer, "GLU Variants Improve Transformer",
 * 2020), there are no biases and no position embedding, and the output layer has its own weights (Touvron et al.,
 * "Llama 2", 2023, section 2.2). Its element-wise traffic keeps GPT's estimate. Where the heads are wider than
 * {@code h / a} (a stated {@code head_dim}, as Qwen3's and GPT-OSS's) the queries and the projection's input are
 * {@code q = a x head_dim} wide, and the attention products run over q. A mixture-of-experts layer's tensor-parallel
 * MLP is its shared expert (none in the zoo's models); its router and routed experts are {@link ExpertCosts}'.
 * <p>
 * Under FlashAttention ({@link ParallelLayout#flashAttention()}) the attention core is one tiled kernel: the
 * {@code s x s} scores never leave the multiprocessors, so neither their element-wise traffic nor their operand
 * traffic is charged, only Q, K, V and the output (read and written, forward and backward); a causal mask lets it
 * skip the blocks above the diagonal, half the products; its backward pass recomputes {@code Q K^T} and runs five
 * products to the forward's two (Dao, "FlashAttention-2", ICLR 2024, sections 3.1 and 3.2), so forward plus
 * backward is 3.5 forward passes' products, and a recomputed forward (full recomputation, or the selective
 * recomputation of the attention core that Megatron-LM keeps with the fused kernel) one more. Decoder (causal)
 * models are assumed, as every model trained with it in stepcast's tables is.
 * <p>
 * Under context parallelism ({@link ParallelLayout#context()}, c ranks) each GPU holds {@code s / c} of every
 * sequence's tokens: its linear layers, element-wise kernels, tensor-parallel messages and logits shrink by c, and its
 * queries meet all s keys, so it runs {@code 1 / c} of the attention products, Megatron-LM's split of the sequence into
 * 2c chunks balancing the causal blocks over the ranks. The keys and values travel around the ring: each rank sends its
 * chunk of {@code 2 b (s / c) k / t} half-precision elements c - 1 times in the forward pass, and its keys and values
 * and their gradients in the backward pass, twice that; a recomputed attention core runs the forward ring again (Liu,
 * Zaharia and Abbeel, "Ring Attention with Blockwise Transformers for Near-Infinite Context", ICLR 2024, section 3;
 * Transformer Engine's {@code AttnFuncWithCPAndKVP2P}). Each step's transfer overlaps the attention of the chunk in
 * hand ({@link StageTerms}).
 *
 * @param shape the model
 * @param tensor tensor-parallel ranks t
 * @param microBatch samples b per micro-batch
 * @param recompute which activations are recomputed
 * @param sequenceParallel whether the layer norms and dropouts are split over the t ranks (sequence parallelism)
 * @param flashAttention whether the attention core runs as FlashAttention's fused kernel
 * @param context context-parallel ranks c over which each sequence is split (1: none)
 * @param fusedKernels whether the element-wise operations run as fused kernels; when not, eager PyTorch's separate
 *                     kernels add their traffic ({@link EagerKernels}) to {@link #layerBytes()}
 */
record TransformerCosts(TransformerShape shape, int tensor, int microBatch, Recompute recompute,
                        boolean sequenceParallel, boolean flashAttention, int context, boolean fusedKernels) {
    TransformerCosts(TransformerShape shape, int tensor, int microBatch) {
        this(shape, tensor, microBatch, Recompute.NONE, false);
    }

    TransformerCosts(TransformerShape shape, int tensor, int microBatch, Recompute recompute,
                     boolean sequenceParallel) {
        this(shape, tensor, microBatch, recompute, sequenceParallel, false);
    }

    TransformerCosts(TransformerShape shape, int tensor, int microBatch, Recompute recompute,
                     boolean sequenceParallel, boolean flashAttention) {
        this(shape, tensor, microBatch, recompute, sequenceParallel, flashAttention, 1);
    }

    TransformerCosts(TransformerShape shape, int tensor, int microBatch, Recompute recompute,
                     boolean sequenceParallel, boolean flashAttention, int context) {
        this(shape, tensor, microBatch, recompute, sequenceParallel, flashAttention, context, true);
    }

    /** The costs of {@code shape} under {@code layout}'s tensor and context parallelism, micro-batch and run options. */
    static TransformerCosts of(TransformerShape shape, ParallelLayout layout) {
        return new TransformerCosts(shape, layout.tensor(), layout.microBatch(), layout.recompute(),
                layout.sequenceParallel(), layout.flashAttention(), layout.context(), layout.fusedKernels());
    }

    /** Tokens of one micro-batch on one GPU: {@code b s / c}. */
    double tokens() {
        return (double) microBatch * shape.sequence() / context;
    }

    /** Element-wise passes over the {@code b s h} activations, forward plus backward, in the tensor-parallel regions. */
    static final double SPLIT_PASSES = 20;
    /** Element-wise passes over the {@code b s h} activations, forward plus backward, outside them (replicated). */
    static final double REPLICATED_PASSES = 20;

    /** Bytes of one FP16/BF16 element (mixed-precision training; Narayanan et al., SC'21, section 5). */
    static final int HALF = 2;

    /**
     * Matrix FLOPs of one layer, forward plus backward, per GPU, in full-wave equivalents: the four linear layers
     * (QKV {@code [bs x h] . [h x 3h/t]}, projection {@code [bs x h/t] . [h/t x h]}, the MLP's
     * {@code [bs x h] . [h x f/t]} and {@code [bs x f/t] . [f/t x h]}) with their tile and wave quantization
     * ({@link GemmWaves}), the attention's batched {@code b a / t} products of {@code s x s} scores unquantized
     * (their many batches fill the GPU's waves).
     */
    double layerFlops(GemmWaves waves) {
        return linearFlops(waves) + attentionFlops();
    }

    /** The four linear layers' part of {@link #layerFlops}, with their tile and wave quantization. */
    double linearFlops(GemmWaves waves) {
        int forwardPasses = linearForwardPasses();
        return overLinearShards((m, n, k) -> waves.linearFlops(m, n, k, forwardPasses));
    }

    /**
     * The attention core's part of {@link #layerFlops}: Q K^T and the scores times V, forward again when recomputed;
     * under FlashAttention half of them (the causal blocks), 3.5 forward passes' worth plus one when recomputed.
     */
    double attentionFlops() {
        return attentionPasses(recompute, flashAttention) * 4.0 * tokens() * attendedKeys() * shape.queryWidth()
                / tensor;
    }

    /**
     * Keys per query of the products {@link #attentionPasses} halves under FlashAttention: s, or under the fused kernel
     * twice the mean causal reach over the layers ({@link TransformerShape#meanAttendedKeys}), which is s without
     * windowed layers, so that a windowed layer's kernel runs only the blocks of its band.
     */
    private double attendedKeys() {
        return flashAttention ? 2 * shape.meanAttendedKeys(true) : shape.sequence();
    }

    /**
     * Forward passes' worth of the attention core's products a micro-batch runs, forward plus backward: 3, or 4
     * recomputed; under FlashAttention half of those blocks (the causal mask) 3.5 times, 4.5 recomputed.
     */
    static double attentionPasses(Recompute recompute, boolean flashAttention) {
        if (flashAttention) {
            return (recompute == Recompute.NONE ? 3.5 : 4.5) / 2;
        }
        return recompute == Recompute.NONE ? 3 : 4;
    }

    /** A quantity of one linear layer's GEMM shard {@code [m x k] . [k x n]}. */
    private interface ShardTerm {
        double of(double m, double n, double k);
    }

    /** The sum of {@code term} over the layer's four linear shards (see {@link #layerFlops}). */
    private double overLinearShards(ShardTerm term) {
        double h = shape.hidden();
        double q = shape.queryWidth();
        double m = tokens();
        double qkv = q + 2.0 * shape.keyWidth();
        double attention = term.of(m, qkv / tensor, h) + term.of(m, h, q / tensor);
        // A MoE layer's tensor-parallel MLP is its shared expert, if any; its routed experts are ExpertCosts'.
        double f = shape.moe() ? shape.experts().orElseThrow().sharedFfn() : shape.ffn();
        return f == 0 ? attention : attention + term.of(m, mlpInputs() * f / tensor, h) + term.of(m, h, f / tensor);
    }

    /** The MLP's input matrices: one (GeLU) or two (SwiGLU's gate and up). */
    private int mlpInputs() {
        return llama() ? 2 : 1;
    }

    private boolean llama() {
        return shape.style() == TransformerShape.Style.LLAMA;
    }

    /** Forward passes of the linear layers: two under full recomputation. */
    private int linearForwardPasses() {
        return recompute == Recompute.FULL ? 2 : 1;
    }

    /**
     * Element-wise bytes of one layer, forward plus backward, per GPU: the fused kernels' estimate, and eager PyTorch's
     * extra traffic when the kernels are not fused ({@link EagerKernels}).
     */
    double layerBytes() {
        double eager = fusedKernels ? 0
                : new EagerKernels(shape, tensor, sequenceParallel, recompute).layerBytes(tokens());
        return fusedBytes() + eager;
    }

    /** The fused kernels' element-wise bytes of one layer, forward plus backward, per GPU. */
    private double fusedBytes() {
        double s = shape.sequence();
        double scores = flashAttention ? 0 : (recompute == Recompute.NONE ? 1 : 4.0 / 3) * 12 * tokens() * shape.heads() * s;
        double replicated = sequenceParallel ? REPLICATED_PASSES / tensor : REPLICATED_PASSES;
        double activations = (recompute == Recompute.FULL ? 4.0 / 3 : 1) * (SPLIT_PASSES / tensor + replicated)
                * tokens() * shape.hidden();
        return HALF * (scores / tensor + activations);
    }

    /**
     * Operand traffic of one layer's matrix multiplications, forward plus backward, per GPU, bytes: each GEMM
     * {@code [m x k] . [k x n]} reads its two operands and writes its result once ({@code 2 (m k + k n + m n)}
     * bytes in half precision), the backward pass runs two GEMMs of the same shapes (the input's and the weight's
     * gradients), and a recomputed forward pass runs its GEMMs again. Charged at the fitted memory efficiency
     * beside the FLOPs (the additive form of the roofline: a narrow GEMM of a small model is slowed by its
     * operands, a wide one of a large model hardly at all; Williams, Waterman and Patterson, "Roofline", CACM 2009).
     */
    double layerGemmBytes() {
        double linear = overLinearShards(TransformerCosts::operands);
        // Q K^T and the scores times V, per attention batch: Q, K (or V) and the output of s x d values, s x s scores.
        double s = shape.sequence();
        double batches = (double) microBatch * shape.heads() / tensor;
        double d = shape.headSize();
        int attentionForward = recompute == Recompute.NONE ? 1 : 2;
        if (flashAttention) {
            // Forward reads Q, K, V and writes the output; backward reads those and the output's gradient and writes
            // the gradients of Q, K and V, d values per token each, the scores staying on chip. A context-parallel
            // rank has s / c queries (and outputs) and reads all s keys and values as they pass around the ring.
            double queries = s / context;
            double fused = batches * d * (queries + s) * (2 * attentionForward + 4);
            return HALF * ((linearForwardPasses() + 2) * linear + fused);
        }
        double attention = batches * (2 * (2 * s * d + s * s) + (s * s + 2 * s * d));
        return HALF * ((linearForwardPasses() + 2) * linear + (attentionForward + 2) * attention);
    }

    private static double operands(double m, double n, double k) {
        return m * k + k * n + m * n;
    }

    /** Megatron-LM's padded vocabulary: V rounded up to a multiple of 128 t. */
    long paddedVocabulary() {
        long multiple = 128L * tensor;
        return (shape.vocabulary() + multiple - 1) / multiple * multiple;
    }

    /** Output-layer FLOPs (logits {@code [bs x h] . [h x V / t]}), forward plus backward, per GPU, in full-wave
     * equivalents ({@link GemmWaves}). */
    double logitFlops(GemmWaves waves) {
        return waves.linearFlops(tokens(), (double) paddedVocabulary() / tensor,
                shape.hidden(), 1);
    }

    /**
     * Whether Megatron-LM's fused causal scale-mask-softmax CUDA kernel runs ({@code FusedScaleMaskSoftmax
     * .is_kernel_available} in {@code megatron/model/fused_softmax.py}, with {@code get_batch_per_block} of
     * {@code megatron/fused_kernels/scaled_masked_softmax.h}): half-precision scores, 16 < s <= 4096, s divisible
     * by 4, and the attention batches {@code b a / t} divisible by 4 and by the kernel's batches per block,
     * {@code 128 / min(32, 2^ceil(log2 s))} warps' worth (2 per warp up to 128 keys, else 1). Otherwise the
     * layer falls back to PyTorch's separate scale, mask and softmax kernels.
     */
    boolean fusedSoftmax() {
        if (flashAttention) {
            return true;
        }
        int s = shape.sequence();
        long batches = (long) microBatch * (shape.heads() / tensor);
        if (!(s > 16 && s <= 4096 && s % 4 == 0 && batches % 4 == 0)) {
            return false;
        }
        int pow2 = Integer.highestOneBit(s - 1) << 1;
        int warp = Math.min(32, pow2);
        int perBlock = (128 / warp) * (pow2 <= 128 ? 2 : 1);
        return batches % perBlock == 0;
    }

    /** Embedding lookup bytes (read and write of the activations, and the gradient scatter). */
    double embeddingBytes() {
        return 4.0 * HALF * tokens() * shape.hidden() / tensor;
    }

    /**
     * Tensor-parallel all-reduces (or, with sequence parallelism, reduce-scatter and all-gather pairs of the same
     * volume) of one layer: two in the forward and two in the backward pass, and two more when full recomputation
     * runs the forward pass again.
     */
    int tensorCollectivesPerLayer() {
        return recompute == Recompute.FULL ? 6 : 4;
    }

    /** Bytes of one activation tensor {@code b s h}, the message of the TP all-reduces and the pipeline sends. */
    double activationBytes() {
        return HALF * tokens() * shape.hidden();
    }

    /**
     * One ring step's message of context parallelism: a rank's keys and values, {@code 2 b (s / c) k / t}
     * half-precision elements (k the key-value width, split with the heads over the t ranks); 0 without it.
     */
    double contextChunkBytes() {
        return context == 1 ? 0 : HALF * 2.0 * tokens() * shape.keyWidth() / tensor;
    }

    /**
     * Ring steps of one layer, forward plus backward: c - 1 in the forward pass, twice as many bytes in the backward
     * pass (keys and values, and their gradients), c - 1 more when the attention core is recomputed.
     */
    int contextRingSteps() {
        return (context - 1) * (recompute == Recompute.NONE ? 3 : 4);
    }

    /**
     * Parameters of one layer on one GPU: the matrices (and GPT's column-parallel biases) split over t, the norms (and
     * GPT's row-parallel biases) replicated.
     */
    double layerParameters() {
        double h = shape.hidden();
        double f = shape.ffn();
        double qkv = h + 2.0 * shape.keyWidth();
        double matrices = shape.matrixWeights();
        if (shape.moe()) {
            // The attention and the shared expert split over t; the router (with its bias) and the norms replicated;
            // the routed experts are ExpertCosts'.
            Experts e = shape.experts().orElseThrow();
            double router = (double) e.count() * (h + (e.biases() ? 1 : 0));
            return (shape.attentionWeights() + 3.0 * h * e.sharedFfn()) / tensor + router + 2 * h;
        }
        if (llama()) {
            return matrices / tensor + 2 * h;              // two RMSNorm gains
        }
        double split = matrices + qkv + f;                 // QKV's and the first MLP matrix's biases
        double replicated = 4 * h + 2 * h;                 // two layer norms (gain and bias), two row-parallel biases
        return split / tensor + replicated;
    }

    /**
     * Whether the output layer has its own weights (a Llama), held by the last stage; else it is tied to the word
     * embedding, whose copy a last stage other than the first holds and all-reduces with the first's.
     */
    boolean untiedOutput() {
        return llama();
    }

    /** Parameters of the token embedding on one GPU (the padded vocabulary split over t). */
    double embeddingParameters() {
        return (double) paddedVocabulary() * shape.hidden() / tensor;
    }

    /** GPT's learned position embedding (replicated on the first stage); none for a Llama's rotary positions. */
    double positionParameters() {
        return llama() ? 0 : (double) shape.sequence() * shape.hidden();
    }
}
