package io.stepcast.api.zoo;

import io.stepcast.api.Validate;

/**
 * The mixture-of-experts feed-forward block of a transformer (Shazeer et al., "Outrageously Large Neural Networks: The
 * Sparsely-Gated Mixture-of-Experts Layer", ICLR 2017; Fedus, Zoph and Shazeer, "Switch Transformers", JMLR 2022): a
 * linear router scores each token against every expert ({@code h x E} weights) and sends it to its top k, each expert
 * a SwiGLU MLP of width {@code ffn} (gate, up and down, Shazeer 2020), the outputs summed with the router's weights;
 * a shared expert, when there is one, runs on every token beside them (Dai et al., "DeepSeekMoE", 2024, section
 * 3.2). Megatron-Core's names: {@code --num-experts}, {@code --moe-router-topk}, {@code --moe-ffn-hidden-size},
 * {@code --moe-shared-expert-intermediate-size}, {@code --moe-layer-freq}.
 *
 * @param count            routed experts E per MoE layer
 * @param topK             experts k each token is sent to
 * @param ffn              inner width of one routed expert
 * @param sharedFfn        inner width of the shared expert(s) every token runs through (0: none)
 * @param firstDenseLayers leading layers whose feed-forward block is the shape's dense MLP rather than experts (0:
 *                         every layer is a MoE layer)
 * @param biases           whether the router and the experts' matrices carry biases (GPT-OSS's do)
 */
public record Experts(int count, int topK, int ffn, int sharedFfn, int firstDenseLayers, boolean biases) {
    public Experts {
        Validate.positive(count, "experts");
        Validate.positive(topK, "top_k");
        Validate.positive(ffn, "expert_ffn");
        if (topK > count) {
            throw new IllegalArgumentException("top_k " + topK + " exceeds the " + count + " experts");
        }
        if (sharedFfn < 0 || firstDenseLayers < 0) {
            throw new IllegalArgumentException("shared_expert_ffn and first_dense_layers must be non-negative");
        }
    }

    /** Weights one token multiplies by in one MoE layer: the router's, its k experts' and the shared expert's. */
    public double activeWeights(int hidden) {
        return (double) hidden * count + 3.0 * hidden * ffn * topK + 3.0 * hidden * sharedFfn;
    }

    /** Weights of all of one layer's routed experts (E x 3 h f), without biases. */
    public double expertWeights(int hidden) {
        return 3.0 * hidden * ffn * count;
    }
}
