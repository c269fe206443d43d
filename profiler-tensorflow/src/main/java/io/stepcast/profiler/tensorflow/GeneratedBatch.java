package io.stepcast.profiler.tensorflow;

import org.tensorflow.ndarray.Shape;
import org.tensorflow.types.TFloat32;

import java.util.SplittableRandom;

/**
 * One generated mini-batch of the network's input shape: images uniform in [0, 1) and random one-hot
 * labels from a fixed seed. The same batch is fed every step: op durations do not depend on the values,
 * and fitting one batch makes the loss fall steadily, which shows real training happens.
 */
final class GeneratedBatch implements AutoCloseable {
    private final TFloat32 images;
    private final TFloat32 labels;

    GeneratedBatch(Network network, int batch, long seed) {
        int[] s = network.sampleShape();
        SplittableRandom random = new SplittableRandom(seed);
        float[] pixels = new float[batch * s[0] * s[1] * s[2]];
        for (int i = 0; i < pixels.length; i++) {
            pixels[i] = (float) random.nextDouble();
        }
        float[] oneHot = new float[batch * network.classes()];
        for (int i = 0; i < batch; i++) {
            oneHot[i * network.classes() + random.nextInt(network.classes())] = 1f;
        }
        images = TFloat32.tensorOf(Shape.of(batch, s[0], s[1], s[2]),
                d -> d.asRawTensor().data().asFloats().write(pixels));
        labels = TFloat32.tensorOf(Shape.of(batch, network.classes()),
                d -> d.asRawTensor().data().asFloats().write(oneHot));
    }

    TFloat32 images() {
        return images;
    }

    TFloat32 labels() {
        return labels;
    }

    @Override
    public void close() {
        images.close();
        labels.close();
    }
}
