package io.stepcast.datasets.zoo;

import java.util.HashSet;
import java.util.List;
import java.util.Set;

/**
 * A model of the zoo: its layers with parameters in forward order.
 *
 * @param name        canonical name ({@code ResNet-50})
 * @param description which published form it is (for example "torchvision 0.x, 224x224 input")
 * @param input       the input of one sample, channels x height x width
 * @param layers      layers with parameters, in forward order
 */
public record ZooModel(String name, String description, List<Integer> input, List<ZooLayer> layers) {
    public ZooModel {
        input = List.copyOf(input);
        layers = List.copyOf(layers);
        Set<String> names = new HashSet<>();
        for (ZooLayer l : layers) {
            for (TensorSpec t : l.tensors()) {
                if (!names.add(t.name())) {
                    throw new IllegalArgumentException("model " + name + " lists tensor " + t.name() + " twice");
                }
            }
        }
    }

    /** All parameter tensors in layer order. */
    public List<TensorSpec> tensors() {
        return layers.stream().flatMap(l -> l.tensors().stream()).toList();
    }

    /** Number of parameters (elements of all tensors). */
    public long parameters() {
        return layers.stream().mapToLong(ZooLayer::parameters).sum();
    }

    /** Bytes of all parameters as 4-byte floats. */
    public long parameterBytes() {
        return parameters() * TensorSpec.FLOAT_BYTES;
    }

    /** Forward FLOPs of one sample, summed over the layers. */
    public long forwardFlops() {
        return layers.stream().mapToLong(ZooLayer::forwardFlops).sum();
    }
}
