package io.stepcast.datasets.zoo;

import io.stepcast.api.zoo.TransformerShape;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * A model of the zoo: its layers in forward order.
 *
 * @param name        canonical name ({@code ResNet-50})
 * @param description which published form it is (for example "torchvision 0.x, 224x224 input")
 * @param input       the input of one sample: channels x height x width for images, the token count for
 *                    sequence models (see each model's description)
 * @param layers      layers in forward order
 * @param transformer the transformer shape, for transformer models
 */
public record ZooModel(String name, String description, List<Integer> input, List<ZooLayer> layers,
                       Optional<TransformerShape> transformer) {
    /** A model that is not a transformer. */
    public ZooModel(String name, String description, List<Integer> input, List<ZooLayer> layers) {
        this(name, description, input, layers, Optional.empty());
    }

    public ZooModel {
        input = List.copyOf(input);
        layers = List.copyOf(layers);
        Set<String> layerNames = new HashSet<>();
        for (ZooLayer l : layers) {
            if (!layerNames.add(l.name())) {
                throw new IllegalArgumentException("model " + name + " lists layer " + l.name() + " twice");
            }
        }
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

    /** Layers in the order their gradients become ready in the backward pass (reverse forward order). */
    public List<ZooLayer> backwardLayers() {
        List<ZooLayer> r = new ArrayList<>(layers);
        Collections.reverse(r);
        return List.copyOf(r);
    }

    /**
     * Forward FLOPs of one sample, summed over the layers.
     *
     * @throws ArithmeticException when the sum exceeds a long (a sample of far more tokens than any model trains on)
     */
    public long forwardFlops() {
        return layers.stream().mapToLong(ZooLayer::forwardFlops).reduce(0, Math::addExact);
    }
}
