package io.stepcast.profiler.tensorflow;

import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/**
 * LeNet-5 as BigDL ships it ({@code com.intel.analytics.bigdl.models.lenet.LeNet5}), the network of the
 * Courier study: {@code SpatialConvolution(1,6,5,5) - Tanh - SpatialMaxPooling(2,2,2,2) - Tanh -
 * SpatialConvolution(6,12,5,5) - SpatialMaxPooling(2,2,2,2) - Reshape(192) - Linear(192,100) - Tanh -
 * Linear(100,10) - LogSoftMax} on 28x28x1 MNIST images. Eight parameter tensors, 22,278 parameters
 * (89,112 bytes). BigDL's {@code LogSoftMax} + {@code ClassNLLCriterion} is TensorFlow's fused
 * {@code SoftmaxCrossEntropyWithLogits}, added by {@link TrainingGraph}. Learning rate 0.1 (our choice).
 */
public final class Lenet5 extends MnistNetwork {
    @Override
    public String name() {
        return "lenet5";
    }

    @Override
    public String definition() {
        return "BigDL models.lenet.LeNet5 (conv 1-6 5x5, tanh, maxpool 2, tanh, conv 6-12 5x5, maxpool 2, fc 192-100, tanh, fc 100-10)";
    }

    @Override
    public Operand<TFloat32> logits(LayerBuilder l, Operand<TFloat32> images) {
        Operand<TFloat32> x = l.conv2d("conv1", images, 5, 1, 6, "VALID");
        x = l.tanh("tanh1", x);
        x = l.maxPool("pool1", x, 2, 2, "VALID");
        x = l.tanh("tanh2", x);
        x = l.conv2d("conv2", x, 5, 6, 12, "VALID");
        x = l.maxPool("pool2", x, 2, 2, "VALID");
        x = l.flatten("flatten", x, 12 * 4 * 4);
        x = l.dense("fc1", x, 12 * 4 * 4, 100);
        x = l.tanh("tanh3", x);
        return l.dense("fc2", x, 100, 10);
    }
}
