package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Precision;
import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.TransformerShape;

/**
 * The activation memory one transformer layer stores per micro-batch on one GPU, bytes, at the layout's precision:
 * Korthikanti et al., "Reducing Activation Recomputation in Large Transformer Models", MLSys 2023, table 2 (sections
 * 4.1 to 5), with s the sequence, b the micro-batch, h the hidden size, a the heads and t the tensor-parallel ranks:
 * <ul>
 *   <li>no recomputation: {@code s b h (10 + 24 / t + 5 a s / (h t))} with tensor parallelism (equation 2; t = 1
 *       gives the unparallelised {@code s b h (34 + 5 a s / h)} of equation 1), {@code s b h (34 / t + 5 a s / (h t))}
 *       with sequence parallelism as well (equation 4);</li>
 *   <li>selective recomputation drops the {@code 5 a s / (h t)} of the attention scores, softmax and dropout:
 *       {@code s b h (10 + 24 / t)}, or {@code s b h 34 / t} with sequence parallelism;</li>
 *   <li>full recomputation keeps each layer's input only, {@code 2 s b h} (section 4.1), split over the t ranks
 *       along the sequence when sequence parallelism shards it.</li>
 * </ul>
 * Sequence parallelism counts only with t > 1 ({@link ParallelLayout#splitsSequence()}). Of the 34 and 5 of those
 * terms, the dropout masks are one byte per element (2 s b h, and a s^2 b of the 5 a s^2 b) and every other tensor
 * is one 16-bit value: with FP32 activations those others double and the masks stay, so equation 2 becomes
 * {@code s b h (18 + 48 / t + 9 a s / (h t))}.
 * <p>
 * The 24 split terms are the attention's Q, K and V (2 each), the projection's input (2) and the MLP's two 4h-wide
 * tensors (8 each): with a feed-forward size f and k-wide keys and values (grouped-query attention) they are
 * {@code 4 + 4 k / h + 4 f / h}. A Llama block ({@link TransformerShape.Style#LLAMA}) has no dropout, so no masks,
 * and its SwiGLU MLP stores the gate's and the up projection's outputs and their product, {@code 6 f / h}; its scores
 * store the softmax's input and output, {@code 4 a s / (h t)}. Under FlashAttention
 * ({@link ParallelLayout#flashAttention()}) the scores are never stored (Dao et al., "FlashAttention", NeurIPS 2022,
 * section 3.1: only the output and the softmax statistics, negligible beside it). Under context parallelism
 * ({@link ParallelLayout#context()}, c ranks) a GPU holds {@code s / c} of each sequence's tokens, so every term
 * holds {@code s / c} in place of s except the scores' key length, which stays s. A mixture-of-experts layer stores
 * its attention's terms as above (the queries {@code heads x head_dim} wide), its shared expert's as a dense MLP's, and
 * its routed tokens' ({@link ExpertCosts#activationBytes}).
 */
final class ActivationMemory {
    private ActivationMemory() {
    }

    /** Bytes one layer stores for one micro-batch of the layout. */
    static double perLayer(TransformerShape shape, ParallelLayout layout) {
        double s = shape.sequence();
        double b = layout.microBatch();
        double h = shape.hidden();
        double t = layout.tensor();
        boolean sp = layout.splitsSequence();
        double sbh = s / layout.context() * b * h;
        double r = widening(layout.precision());
        if (layout.recompute() == Recompute.FULL) {
            return 2 * r * sbh / (sp ? t : 1);
        }
        boolean llama = shape.style() == TransformerShape.Style.LLAMA;
        double masks = llama ? 0 : 2;
        // Q and the projection's input are q wide (h unless the heads are wider), K and V k wide; a MoE layer's MLP
        // terms are its shared expert's, its routed experts' ExpertCosts'.
        double mlpFfn = shape.moe() ? shape.experts().orElseThrow().sharedFfn() : shape.ffn();
        double split = 4.0 * shape.queryWidth() / h + 4.0 * shape.keyWidth() / h + (llama ? 6 : 4) * mlpFfn / h;
        double linear = sp ? ((8 + split) * r + masks) / t : 8 * r + masks + split * r / t;
        double scores = llama ? 4 * r : 4 * r + 1;
        double attention = layout.recompute() == Recompute.SELECTIVE || layout.flashAttention() ? 0
                : scores * shape.heads() * s / (h * t);
        return sbh * (linear + attention) + new ExpertCosts(shape, layout).activationBytes(r);
    }

    /**
     * Bytes of a stored activation over the table's 2: 1 for FP16, BF16 and FP8 (whose layers still store most
     * activations in 16 bits), 2 for FP32 and TF32 (TF32 is an arithmetic mode; its tensors are FP32).
     */
    private static double widening(Precision precision) {
        return precision.storedBytes() / 2.0;
    }
}
