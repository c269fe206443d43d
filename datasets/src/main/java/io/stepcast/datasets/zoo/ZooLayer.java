package io.stepcast.datasets.zoo;

import java.util.List;

/**
 * A layer of a zoo model: a convolution, a fully connected layer, a normalisation, an embedding, a
 * recurrent layer, or a parameterless op whose arithmetic matters (attention scores, an output projection
 * whose weight is tied to the embedding).
 *
 * @param name         layer name (its tensors' common prefix)
 * @param type         op type as TensorFlow names it ({@code Conv2D}, {@code MatMul}, {@code FusedBatchNorm},
 *                     {@code LayerNorm}, {@code RMSNorm}, {@code Embedding}, {@code LSTM}, {@code SelfAttention})
 * @param tensors      its parameter tensors (weight, then bias when present); empty for a parameterless op
 * @param forwardFlops floating-point operations of the forward pass for one sample (see {@link ModelZoo})
 */
public record ZooLayer(String name, String type, List<TensorSpec> tensors, long forwardFlops) {
    public ZooLayer {
        tensors = List.copyOf(tensors);
        if (forwardFlops < 0) {
            throw new IllegalArgumentException("layer " + name + " has negative FLOPs");
        }
    }

    /** Parameters of the layer. */
    public long parameters() {
        return tensors.stream().mapToLong(TensorSpec::elements).sum();
    }
}
