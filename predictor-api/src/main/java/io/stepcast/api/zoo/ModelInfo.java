package io.stepcast.api.zoo;

import java.util.List;
import java.util.Optional;

/**
 * What the zoo knows of one model: its parameters, their bytes in FP32 (the gradient bytes a data-parallel
 * step synchronises), forward FLOPs per sample (2 per multiply-accumulate) and its layers in the order
 * their gradients become ready in the backward pass (the last forward layer first), which is the order
 * bucketed all-reduce (PyTorch DDP, Horovod) fills its buckets in.
 *
 * @param name           canonical name
 * @param description    which published form it is and its source
 * @param parameters     number of trainable parameters
 * @param parameterBytes bytes of the parameters (and of their gradients) as 4-byte floats
 * @param forwardFlops   forward FLOPs of one sample (a sequence for language models)
 * @param backwardLayers layers in backward order with their gradient bytes
 * @param transformer    the transformer shape, for transformer models
 */
public record ModelInfo(String name, String description, long parameters, long parameterBytes, long forwardFlops,
                        List<LayerGradient> backwardLayers, Optional<TransformerShape> transformer) {
    public ModelInfo {
        backwardLayers = List.copyOf(backwardLayers);
        if (parameters < 0 || parameterBytes < 0 || forwardFlops < 0) {
            throw new IllegalArgumentException("model " + name + " has negative parameters, bytes or FLOPs");
        }
        long sum = backwardLayers.stream().mapToLong(LayerGradient::gradientBytes).sum();
        if (sum != parameterBytes) {
            throw new IllegalArgumentException("model " + name + ": layer gradient bytes sum to " + sum
                    + ", not the model's " + parameterBytes);
        }
    }
}
