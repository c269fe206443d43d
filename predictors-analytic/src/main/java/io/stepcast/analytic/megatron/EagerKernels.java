package io.stepcast.analytic.megatron;

import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;

/**
 * The memory traffic that eager PyTorch's separate element-wise kernels add to one transformer layer, per GPU and
 * micro-batch, beyond the fused kernels whose traffic {@link TransformerCosts#layerBytes()} estimates and the fitted
 * {@link Efficiency#memory()} already scales ({@link io.stepcast.api.ParallelLayout#fusedKernels()} false). Each term is
 * the bytes the eager kernels of one operation read and write, forward and backward, minus those of the fused kernel
 * Megatron-LM with Transformer Engine runs for it, so that what the constants fitted on Megatron-LM's runs absorb is not
 * charged twice; operations whose eager and fused kernels move the same bytes add nothing. Counted kernel by kernel
 * from the two eager implementations stepcast's published tables name (BF16 activations, FP32 where the code upcasts):
 * <ul>
 *   <li><b>Llama</b> ({@link TransformerShape.Style#LLAMA}), torchtitan's {@code Transformer} without
 *       {@code torch.compile} and with its default {@code norm_type = "rmsnorm"} (pytorch/torchtitan, train_configs
 *       {@code compile = false}; {@code torchtitan/models/norms.py} and {@code models/llama/model.py}):
 *     <ul>
 *       <li>RMSNorm, twice per layer, {@code (x.float() * rsqrt(x.float().pow(2).mean(-1) + eps)).type_as(x) * w}:
 *           forward the upcast (2 + 4 bytes per element), square (4 + 4), mean (4), scale (4 + 4), downcast (4 + 2)
 *           and gain (2 + 2), 36 bytes; backward the gain's two products and its reduction (12), the upcast (6), the
 *           scale's two products and its row sum (24), the mean's expansion (4), the square's three kernels of
 *           {@code grad * (2 * x.pow(1))} (28; {@code pow_backward} in PyTorch's
 *           {@code torch/csrc/autograd/FunctionsManual.cpp}), the sum of the two gradients of x (12) and the downcast
 *           (6), 92 bytes. A fused RMSNorm reads x and writes y (4) and in its backward reads x and dy, writes dx and
 *           reads both again for the gain's gradient (10): 32 bytes forward and 82 backward more per element of the
 *           {@code b s h} activations, on every tensor-parallel rank unless sequence parallelism splits them.</li>
 *       <li>Rotary embedding of queries and keys as complex products in FP32
 *           ({@code view_as_complex(x.float()) * freqs_cis}, then {@code type_as}): upcast (6), product (8) and
 *           downcast (6), 20 bytes forward and as many backward, against a fused kernel's 4 and 4: 16 and 16 more per
 *           element of the {@code b s (q + k)} queries and keys, split over the t ranks.</li>
 *       <li>Grouped-query attention's {@code repeat_kv} (only when there are fewer key-value heads than heads): the keys
 *           and values copied to the queries' width before the attention (reading k and writing q wide, 2 bytes each),
 *           and their gradients summed back in the backward pass: 4 and 4 bytes more per element of
 *           {@code b s (q + k)}, which FlashAttention's native grouped-query kernel does not move.</li>
 *       <li>SwiGLU {@code silu(w1 x) * w3 x}: forward the SiLU (2 + 2) and the product (2 + 2 + 2), 10 bytes; backward
 *           the product's two gradients (6 + 6) and the SiLU's (6), 18 bytes; Megatron-LM's fused {@code bias_swiglu}
 *           reads the gate and up values and writes their product (6), and in its backward reads them and the gradient
 *           and writes two gradients (10): 4 and 8 more per element of the {@code b s f} MLP activations, split over
 *           the t ranks.</li>
 *     </ul></li>
 *   <li><b>GPT</b> ({@link TransformerShape.Style#GPT}), MosaicML llm-foundry's {@code MPTBlock}
 *       ({@code llmfoundry/models/layers/blocks.py}): no biases, dropout probability 0 (PyTorch returns the input
 *       without a kernel), the low-precision LayerNorm (PyTorch's one-kernel {@code layer_norm} in BF16, as fused as
 *       Megatron-LM's), a GeLU without bias (one kernel each way, the traffic of Megatron-LM's fused bias-GeLU) and
 *       residual additions of one kernel each: nothing more than the fused estimate.</li>
 * </ul>
 * Under full recomputation the forward kernels run twice; the selective recomputation of the attention core runs none
 * of these again.
 *
 * @param shape the model
 * @param tensor tensor-parallel ranks t
 * @param sequenceSplit whether sequence parallelism splits the normalizations over the t ranks
 * @param recompute which activations are recomputed
 */
record EagerKernels(TransformerShape shape, int tensor, boolean sequenceSplit, Recompute recompute) {
    /** Extra bytes per activation element of one eager RMSNorm over a fused one, forward. */
    static final double NORM_FORWARD = 36 - 4;
    /** Extra bytes per activation element of one eager RMSNorm over a fused one, backward. */
    static final double NORM_BACKWARD = 92 - 10;
    /** Extra bytes per query or key element of the eager FP32 complex rotary embedding, forward (and backward). */
    static final double ROTARY = 20 - 4;
    /** Extra bytes per query or key element of {@code repeat_kv}'s copies, forward (and backward). */
    static final double REPEAT_KV = 4;
    /** Extra bytes per MLP activation element of the eager SwiGLU, forward. */
    static final double SWIGLU_FORWARD = 10 - 6;
    /** Extra bytes per MLP activation element of the eager SwiGLU, backward. */
    static final double SWIGLU_BACKWARD = 18 - 10;

    /**
     * Whether eager kernels move more bytes than fused ones for a block of this shape's style: a Llama block's do; a
     * GPT block is counted as MPT's, whose eager kernels move what fused ones do.
     */
    static boolean addTraffic(TransformerShape shape) {
        return shape.style() == TransformerShape.Style.LLAMA;
    }

    /** The extra bytes of one layer, forward plus backward, per GPU, for {@code tokens} tokens of one micro-batch. */
    double layerBytes(double tokens) {
        if (!addTraffic(shape)) {
            return 0;
        }
        double forwards = recompute == Recompute.FULL ? 2 : 1;
        double activations = tokens * shape.hidden() / (sequenceSplit ? tensor : 1);
        double norms = 2 * activations * (forwards * NORM_FORWARD + NORM_BACKWARD);
        double queriesAndKeys = tokens * ((double) shape.queryWidth() + shape.keyWidth()) / tensor;
        double repeat = shape.kvHeads() < shape.heads() ? REPEAT_KV : 0;
        double rotary = queriesAndKeys * (forwards + 1) * (ROTARY + repeat);
        double f = shape.moe() ? shape.experts().orElseThrow().sharedFfn() : shape.ffn();
        double mlp = tokens * f / tensor * (forwards * SWIGLU_FORWARD + SWIGLU_BACKWARD);
        return norms + rotary + mlp;
    }
}
