package io.stepcast.api.zoo;

/**
 * One layer of a model as gradient synchronisation sees it: the bytes of its gradients (4-byte floats),
 * which become ready when its backward pass ends, and its forward FLOPs per sample.
 *
 * @param name          layer name (its tensors' common prefix)
 * @param type          op type ({@code Conv2D}, {@code MatMul}, {@code LSTM}, {@code SelfAttention}, ...)
 * @param gradientBytes bytes of the layer's parameter gradients in FP32; 0 for a layer whose weight is
 *                      tied to another layer's (GPT-2's output projection)
 * @param forwardFlops  forward FLOPs of one sample (2 per multiply-accumulate)
 */
public record LayerGradient(String name, String type, long gradientBytes, long forwardFlops) {
    public LayerGradient {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("layer name must not be empty");
        }
        if (gradientBytes < 0 || forwardFlops < 0) {
            throw new IllegalArgumentException("layer " + name + " has negative bytes or FLOPs");
        }
    }
}
