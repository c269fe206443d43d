package io.stepcast.datasets.zoo;

import java.util.List;

/**
 * A parameter tensor of a zoo model: its name (PyTorch {@code state_dict} style, e.g.
 * {@code layer1.0.conv1.weight}) and shape. Parameters are 4-byte floats.
 *
 * @param name  unique name within the model
 * @param shape dimensions, outermost first (a convolution weight is out x in x kh x kw)
 */
public record TensorSpec(String name, List<Integer> shape) {
    /** Bytes per element: 32-bit floats. */
    public static final int FLOAT_BYTES = 4;

    public TensorSpec {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("tensor name must not be empty");
        }
        shape = List.copyOf(shape);
        if (shape.isEmpty() || shape.stream().anyMatch(d -> d < 1)) {
            throw new IllegalArgumentException("tensor " + name + " has an invalid shape " + shape);
        }
    }

    /** Number of elements. */
    public long elements() {
        long n = 1;
        for (int d : shape) {
            n *= d;
        }
        return n;
    }

    /** Size in bytes (elements x 4). */
    public long bytes() {
        return elements() * FLOAT_BYTES;
    }
}
