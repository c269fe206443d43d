package io.stepcast.profiler.tensorflow;

import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/**
 * The larger CNN: CifarNet, the network of TensorFlow's CIFAR-10 tutorial and of TF-slim
 * ({@code nets/cifarnet.py}), an AlexNet-style stack sized to train in about a second per step on one
 * CPU core at batch 128: {@code conv 5x5 3-64 SAME, relu, maxpool 3/2 - conv 5x5 64-64 SAME, relu,
 * maxpool 3/2 - fc 4096-384, relu - fc 384-192, relu - fc 192-10} on 32x32x3 CIFAR-10 images.
 * Ten parameter tensors, 1,756,426 parameters. The local response normalisation and dropout of the
 * original are left out (our choice: they add no parameters and only element-wise work). Learning
 * rate 0.02 (our choice).
 */
public final class CifarNet implements Network {
    @Override
    public String name() {
        return "cifarnet";
    }

    @Override
    public String dataset() {
        return "cifar10";
    }

    @Override
    public int[] sampleShape() {
        return new int[] {32, 32, 3};
    }

    @Override
    public int classes() {
        return 10;
    }

    @Override
    public float learningRate() {
        return 0.02f;
    }

    @Override
    public String definition() {
        return "TF-slim cifarnet without LRN and dropout (conv 3-64 5x5, pool, conv 64-64 5x5, pool, fc 4096-384-192-10)";
    }

    @Override
    public Operand<TFloat32> logits(LayerBuilder l, Operand<TFloat32> images) {
        Operand<TFloat32> x = l.conv2d("conv1", images, 5, 3, 64, "SAME");
        x = l.relu("relu1", x);
        x = l.maxPool("pool1", x, 3, 2, "SAME");
        x = l.conv2d("conv2", x, 5, 64, 64, "SAME");
        x = l.relu("relu2", x);
        x = l.maxPool("pool2", x, 3, 2, "SAME");
        x = l.flatten("flatten", x, 8 * 8 * 64);
        x = l.dense("fc3", x, 8 * 8 * 64, 384);
        x = l.relu("relu3", x);
        x = l.dense("fc4", x, 384, 192);
        x = l.relu("relu4", x);
        return l.dense("logits", x, 192, 10);
    }
}
