package io.stepcast.profiler.tensorflow;

import java.util.Arrays;

/**
 * One trainable parameter tensor of a network built by {@link LayerBuilder}: its TensorFlow variable
 * name (the {@code VarHandleOp} node, for example {@code conv1/weights}) and its shape.
 *
 * @param name  variable name, {@code <layer>/weights} or {@code <layer>/bias}
 * @param shape dimensions in TensorFlow order (HWIO for convolution kernels, in x out for dense weights)
 */
public record ModelParameter(String name, long[] shape) {
    /** Bytes of a 32-bit float element. */
    public static final int FLOAT_BYTES = 4;

    public ModelParameter {
        shape = shape.clone();
    }

    /** Number of elements. */
    public long elements() {
        long n = 1;
        for (long d : shape) {
            n *= d;
        }
        return n;
    }

    /** Size in bytes (4-byte floats). */
    public long bytes() {
        return elements() * FLOAT_BYTES;
    }

    @Override
    public long[] shape() {
        return shape.clone();
    }

    @Override
    public boolean equals(Object o) {
        return o instanceof ModelParameter p && p.name.equals(name) && Arrays.equals(p.shape, shape);
    }

    @Override
    public int hashCode() {
        return name.hashCode() * 31 + Arrays.hashCode(shape);
    }

    @Override
    public String toString() {
        return name + Arrays.toString(shape);
    }
}
