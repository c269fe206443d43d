package io.stepcast.analytic.megatron;

import io.stepcast.api.ParallelLayout;
import io.stepcast.api.Recompute;
import io.stepcast.api.zoo.Experts;
import io.stepcast.api.zoo.TransformerShape;

/**
 * The per-GPU work of one mixture-of-experts layer's routed experts for one micro-batch, forward plus backward, as
 * Megatron-Core runs it with expert parallelism e and expert tensor parallelism 1 (its {@code alltoall} token
 * dispatcher and grouped GEMM; Megatron-Core's MoE documentation, "Expert Parallelism" and "MoE Parallel Folding";
 * Lepikhin et al., "GShard", ICLR 2021, section 2.2). Pure arithmetic on the shape and layout; no hardware figure.
 * <ul>
 *   <li><b>Tokens</b>: a GPU routes its {@code b s / (c t)} tokens (the sequence split over the t ranks, as
 *       Megatron-Core requires sequence parallelism with MoE under tensor parallelism), each to k experts:
 *       {@code k b s / (c t)} token copies leave it and, with the token distribution balanced over the experts (as
 *       the published runs force it), as many arrive, spread over its {@code E / e} experts,
 *       {@code k b s e / (c t E)} tokens each. With a capacity factor F ({@link ParallelLayout#expertCapacityFactor()},
 *       Megatron-Core's {@code drop_and_pad} path: {@code --moe-expert-capacity-factor} with
 *       {@code --moe-pad-expert-input-to-capacity}) each rank sends every expert exactly its capacity
 *       {@code C = ceil(F k b s / (c t E))} (Megatron-Core's {@code moe_utils.get_capacity}), the tokens beyond it
 *       dropped and the rest padded: {@code C E} copies leave a GPU and each local expert computes {@code C e}, F times
 *       the balanced dropless figures; the dropped tokens do no expert work.</li>
 *   <li><b>Expert GEMMs</b>: each local expert's SwiGLU, {@code [m x h] . [h x 2f]} and {@code [m x f] . [f x h]}, run
 *       as one grouped GEMM whose tiles share the multiprocessors' waves ({@link GemmWaves#groupedLinearFlops}); the
 *       backward pass twice the forward (Narayanan et al., SC'21, appendix). The router's {@code [T x h] . [h x E]}
 *       product on the GPU's T tokens.</li>
 *   <li><b>Traffic</b>: the permutation of the tokens into expert order and back (each routed copy's h values read and
 *       written, forward and backward), the SwiGLU's element-wise pass over the {@code m x 2f} gate and up outputs,
 *       and the grouped GEMM's operands, each expert's weights read once per product (the part a few tokens per
 *       expert cannot amortise): charged at the fitted memory efficiency as {@link TransformerCosts} charges a
 *       dense layer's.</li>
 *   <li><b>All-to-all</b>: every MoE layer dispatches the routed copies to their experts' ranks and combines the
 *       outputs back, forward, and the two again with the gradients backward: four all-to-alls over the e ranks of each
 *       {@code b s k h / (c t)} half-precision buffer, six when full recomputation runs the forward pass again
 *       (Megatron-Core's {@code MoEAlltoAllTokenDispatcher}); the expert-parallel group is e consecutive ranks of a
 *       stage, so it stays inside one node while e divides a node's GPUs and crosses the NICs beyond.</li>
 *   <li><b>Host launches</b>: the kernels the layer launches beyond a dense layer's ({@link #extraLaunches()}: the
 *       dispatcher's counts, copies, permutations and all-to-alls, the router, and one GEMM per local expert and
 *       pass), which {@link MegatronCostModel} charges the host at a measured {@link KernelLaunch#HOST_S} each.</li>
 * </ul>
 * A token-dropping run's splits are fixed, so its dispatcher neither counts, gathers nor copies the per-expert
 * tokens to the host and never synchronises ({@link #syncedShare()} 0; {@link #extraLaunches()}). Not modelled,
 * with the reason: load imbalance. The published runs force-balance the routing (Megatron-Core's {@code
 * moe_router_force_load_balancing} replaces the router's logits with normal random numbers, so each token's top k are
 * a uniform random k of the E experts); a rank's load is then a sum of independent hypergeometric counts whose
 * standard deviation is 0.4% to 0.8% of its mean in the published layouts, and the busiest of the e ranks expects
 * 0.5% to 1.6% more than the mean (the expected maximum of e normal deviates): below what the model resolves. A
 * trained router's skew is larger, but no measurement of it under these recipes was found. Zero for a dense model.
 *
 * @param shape  the model
 * @param layout the layout (t, c, b, e, recomputation)
 */
record ExpertCosts(TransformerShape shape, ParallelLayout layout) {
    /** Bytes of one half-precision element. */
    private static final int HALF = TransformerCosts.HALF;

    /** Whether the model has experts. */
    boolean any() {
        return shape.moe();
    }

    private Experts experts() {
        return shape.experts().orElseThrow();
    }

    /** Tokens a GPU routes per micro-batch: {@code b s / (c t)}. */
    double tokens() {
        return (double) layout.microBatch() * shape.sequence() / layout.context() / layout.tensor();
    }

    /** Whether the layout drops tokens beyond a capacity factor (a MoE model with one stated). */
    boolean dropsTokens() {
        return any() && layout.expertCapacityFactor().isPresent();
    }

    /**
     * Tokens a GPU sends each expert per micro-batch under a capacity factor F: {@code ceil(F k tokens / E)}, as
     * Megatron-Core's {@code get_capacity} rounds it (0 without a capacity factor).
     */
    double capacity() {
        if (!dropsTokens()) {
            return 0;
        }
        double f = layout.expertCapacityFactor().getAsDouble();
        return Math.ceil(f * experts().topK() * tokens() / experts().count());
    }

    /**
     * Token copies that leave a GPU for their experts (and, balanced, arrive at it) per micro-batch: k x tokens,
     * dropless; the capacity times E, padded, under a capacity factor.
     */
    double routed() {
        if (!any()) {
            return 0;
        }
        return dropsTokens() ? capacity() * experts().count() : experts().topK() * tokens();
    }

    /** Experts a GPU holds in one layer: E / e. */
    int localExperts() {
        return experts().count() / layout.expert();
    }

    /** Tokens each local expert computes per micro-batch, balanced: routed / (E / e). */
    double tokensPerExpert() {
        return routed() / localExperts();
    }

    private int forwardPasses() {
        return layout.recompute() == Recompute.FULL ? 2 : 1;
    }

    /** The local experts' grouped GEMMs, forward plus backward, in full-wave equivalents ({@link GemmWaves}). */
    double expertFlops(GemmWaves waves) {
        if (!any()) {
            return 0;
        }
        double m = tokensPerExpert();
        double h = shape.hidden();
        double f = experts().ffn();
        int g = localExperts();
        return waves.groupedLinearFlops(m, 2 * f, h, g, forwardPasses()) + waves.groupedLinearFlops(m, h, f, g,
                forwardPasses());
    }

    /** The router's product on the GPU's tokens, forward plus backward. */
    double routerFlops() {
        return any() ? (2 + forwardPasses()) * 2.0 * tokens() * shape.hidden() * experts().count() : 0;
    }

    /** Element-wise and GEMM-operand bytes of the layer's experts, forward plus backward. */
    double bytes() {
        if (!any()) {
            return 0;
        }
        double h = shape.hidden();
        double f = experts().ffn();
        double routed = routed();
        double passes = forwardPasses() + 1;
        // Permute and unpermute: the tokens and their routed copies read and written, each way.
        double permutation = 2 * 2 * (tokens() + routed) * h * passes;
        // SwiGLU over the gate and up outputs: forward reads 2f and writes f, backward reads 3f and writes 2f.
        double swiglu = routed * f * (3 * forwardPasses() + 5);
        double m = tokensPerExpert();
        double operands = localExperts() * ((m * h + h * 2 * f + m * 2 * f) + (m * f + f * h + m * h));
        return HALF * (permutation + swiglu + (forwardPasses() + 2) * operands);
    }

    /** The half-precision buffer of one dispatch (or combine) all-to-all per GPU: the routed copies' h values. */
    double allToAllBytes() {
        return HALF * routed() * shape.hidden();
    }

    /**
     * All-to-alls of one MoE layer per micro-batch: dispatch and combine, forward and backward, again when recomputed.
     */
    int allToAlls() {
        return any() ? 2 * (1 + forwardPasses()) : 0;
    }

    /**
     * The share of a MoE stage's work in which host and device run one after the other ({@link
     * StageTerms#syncedShare}): the forward passes, a third of the work (a half under full recomputation, whose
     * recomputed forward synchronises again), when the dispatcher synchronises, i.e. with more than one expert-parallel
     * rank or local expert (Megatron-Core's dropless {@code MoEAlltoAllTokenDispatcher}); else 0, and 0 under a
     * capacity factor, whose {@code drop_and_pad} preprocessing fills the counts on the host from the capacity and
     * leaves the dispatcher's {@code cuda_sync_point} at {@code no_sync} (NVIDIA/Megatron-LM@0014f13,
     * {@code token_dispatcher.py}, {@code MoEAlltoAllTokenDispatcher.preprocess}).
     */
    double syncedShare() {
        if (!any() || dropsTokens() || (layout.expert() == 1 && localExperts() == 1)) {
            return 0;
        }
        return layout.recompute() == Recompute.FULL ? 0.5 : 1.0 / 3;
    }

    /**
     * Kernels one MoE layer launches per micro-batch beyond those of the dense layer whose host time {@link
     * Efficiency#hostS()} holds, forward (again under full recomputation) plus backward, counted from the code that
     * launches them (each PyTorch operator one launch; views, allocations and host-side list work none):
     * <ul>
     *   <li>the dropless {@code MoEAlltoAllTokenDispatcher} with fused permutation (NVIDIA/Megatron-LM@0014f13,
     *       {@code megatron/core/transformer/moe/token_dispatcher.py}, expert tensor parallelism 1), forward: the
     *       routing map's per-expert sum and cast (2); with e &gt; 1 the split sums, the all-gather of the counts and
     *       the local slice (6), four device-to-host copies of the splits (one with e = 1), the three all-to-alls
     *       (tokens and probabilities out, outputs back); the fused permutation (2) and unpermutation (1); with more
     *       than one local expert the chunk sort and unsort (3). Backward: each differentiable one's gradient
     *       (permutation and unpermutation 1 each, the all-to-alls 3, the sorts 3);</li>
     *   <li>the router: its gating product and fused top-k forward (2), their three gradients backward;</li>
     *   <li>the experts: Transformer Engine's {@code GroupedLinear} runs one GEMM per local expert through {@code
     *       general_grouped_gemm} (NVIDIA/TransformerEngine@0069563, {@code transformer_engine/pytorch/module/
     *       grouped_linear.py}): two per expert forward (the two linear layers), four backward (their data and weight
     *       gradients), beside one activation kernel each way;</li>
     *   <li>less the dense MLP's the MoE layer replaces (three forward, five backward).</li>
     * </ul>
     * Under a capacity factor ({@code drop_and_pad}, same file) the dispatcher's preprocessing launches one kernel
     * (the device-side fill of the per-expert counts) instead of the counts, split sums, all-gather, slice and
     * device-to-host copies; the all-to-alls, permutations and sorts (there a transpose copied contiguous, one kernel
     * each as the chunk sort's) stay; the router adds its capacity mask ({@code moe_utils.topk_softmax_with_capacity}:
     * the top-capacity selection over the tokens, the mask's zeros, scatter and cast, the probabilities masked: 5
     * forward, the masking's gradient 1 backward).
     * Each costs the host {@link KernelLaunch#HOST_S}. 0 for a dense model.
     */
    int extraLaunches() {
        if (!any()) {
            return 0;
        }
        int g = localExperts();
        boolean split = layout.expert() > 1;
        boolean sort = g > 1;
        boolean drop = dropsTokens();
        int preprocess = drop ? 1 + (split ? 3 : 0) : 2 + (split ? 6 + 4 + 3 : 1);
        int router = drop ? 2 + 5 : 2;
        int forward = preprocess + 2 + 1 + (sort ? 3 : 0) + router + 1 + 2 * g - 3;
        int backward = 1 + 1 + (split ? 3 : 0) + (sort ? 3 : 0) + 3 + (drop ? 1 : 0) + 1 + 4 * g - 5;
        return forwardPasses() * forward + backward;
    }

    /** Parameters of one layer's local experts on one GPU: E / e experts, their biases when the model has them. */
    double parameters() {
        if (!any()) {
            return 0;
        }
        Experts e = experts();
        double biases = e.biases() ? 2.0 * e.ffn() + shape.hidden() : 0;
        return localExperts() * (3.0 * shape.hidden() * e.ffn() + biases);
    }

    /**
     * Activation bytes one layer's experts store per micro-batch (beside the attention's, {@link ActivationMemory}):
     * each routed copy's permuted input, the gate and up outputs and their SwiGLU product, in 16-bit values (times
     * {@code widening} for FP32), and the router's FP32 scores of the GPU's tokens; under full recomputation only the
     * layer's input is kept, which {@link ActivationMemory} counts.
     */
    double activationBytes(double widening) {
        if (!any() || layout.recompute() == Recompute.FULL) {
            return 0;
        }
        double h = shape.hidden();
        double f = experts().ffn();
        return widening * HALF * routed() * (h + 3 * f) + 4.0 * tokens() * experts().count();
    }
}
