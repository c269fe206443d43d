package io.stepcast.profiler.tensorflow;

import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/**
 * The Courier study's second network ({@code simplenet}): a multi-layer perceptron 784-128-10 on
 * flattened MNIST images, 4 parameter tensors and 101,770 parameters. The hidden activation is not
 * published; we use ReLU (it changes neither the parameters nor the op count). Learning rate 0.1
 * (our choice).
 */
public final class CourierMlp extends MnistNetwork {
    @Override
    public String name() {
        return "mlp";
    }

    @Override
    public String definition() {
        return "Courier simplenet: fc 784-128, relu, fc 128-10";
    }

    @Override
    public Operand<TFloat32> logits(LayerBuilder l, Operand<TFloat32> images) {
        Operand<TFloat32> x = l.flatten("flatten", images, 784);
        x = l.dense("fc1", x, 784, 128);
        x = l.relu("relu1", x);
        return l.dense("fc2", x, 128, 10);
    }
}
