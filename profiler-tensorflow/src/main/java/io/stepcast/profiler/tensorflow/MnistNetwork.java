package io.stepcast.profiler.tensorflow;

/**
 * What the MNIST networks share: 28 x 28 x 1 images, 10 classes, and a learning rate of 0.1 (our choice,
 * enough for the loss to fall visibly within the few recorded steps).
 */
abstract class MnistNetwork implements Network {
    @Override
    public final String dataset() {
        return "mnist";
    }

    @Override
    public final int[] sampleShape() {
        return new int[] {28, 28, 1};
    }

    @Override
    public final int classes() {
        return 10;
    }

    @Override
    public final float learningRate() {
        return 0.1f;
    }
}
