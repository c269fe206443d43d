package io.stepcast.profiler.tensorflow;

import org.tensorflow.Operand;
import org.tensorflow.types.TFloat32;

/**
 * A network the profiler can build and train: its name, the shape of one input sample of its dataset,
 * the number of classes and the layers from images to logits. Implementations are stateless.
 */
public interface Network {

    /** Model name written into observations and profiles (for example {@code lenet5}). */
    String name();

    /** Dataset whose sample shape the generated inputs take (for example {@code mnist}). */
    String dataset();

    /** Height, width and channels of one sample (NHWC layout). */
    int[] sampleShape();

    /** Number of classes of the output layer. */
    int classes();

    /** Learning rate of the plain gradient-descent updates (our choice per network, see each class). */
    float learningRate();

    /** Where the definition comes from, for the provenance of a recording. */
    String definition();

    /** Adds the layers to the graph and returns the logits ({@code [batch, classes]}). */
    Operand<TFloat32> logits(LayerBuilder layers, Operand<TFloat32> images);
}
