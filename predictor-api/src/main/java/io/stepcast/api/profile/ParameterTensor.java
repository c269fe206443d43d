package io.stepcast.api.profile;

import io.stepcast.api.Validate;

/**
 * A parameter tensor held by the parameter servers.
 *
 * @param name  variable name (for example {@code conv1/weights})
 * @param bytes size in bytes (elements x element size)
 */
public record ParameterTensor(String name, long bytes) {
    public ParameterTensor {
        Validate.text(name, "tensor name");
        Validate.nonNegative(bytes, "bytes of tensor " + name);
    }
}
