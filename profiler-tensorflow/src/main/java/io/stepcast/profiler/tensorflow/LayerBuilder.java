package io.stepcast.profiler.tensorflow;

import org.tensorflow.Graph;
import org.tensorflow.GraphOperation;
import org.tensorflow.Operand;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.VarHandleOp;
import org.tensorflow.op.random.TruncatedNormal;
import org.tensorflow.proto.DataType;
import org.tensorflow.types.TFloat32;
import org.tensorflow.types.TInt32;

import java.util.ArrayList;
import java.util.List;

/**
 * Builds the layers of a network into a TensorFlow graph with resource variables, recording every
 * parameter tensor it creates.
 *
 * <p>Naming follows TensorFlow 1.x: layer {@code conv1} owns the variables {@code conv1/weights} and
 * {@code conv1/bias} ({@code VarHandleOp}) read by {@code conv1/weights/read} ({@code ReadVariableOp}),
 * so a timeline importer can recognise parameter reads both by op type and by the classic
 * {@code <var>/read} name. Initial values are built in the init scope (truncated normal weights
 * scaled by 1/sqrt(fan-in), zero biases) with fixed seeds, so every run starts from the same point.
 */
public final class LayerBuilder {
    private final Graph graph;
    private final Ops tf;
    private final long seed;
    private final List<TrainableVariable> variables = new ArrayList<>();

    LayerBuilder(Graph graph, Ops tf, long seed) {
        this.graph = graph;
        this.tf = tf;
        this.seed = seed;
    }

    /** The root op factory. */
    public Ops ops() {
        return tf;
    }

    /** Variables created so far, in creation order. */
    List<TrainableVariable> variables() {
        return List.copyOf(variables);
    }

    /**
     * A 2-D convolution with bias (stride 1): BigDL's {@code SpatialConvolution}, TensorFlow's
     * {@code Conv2D} + {@code BiasAdd}.
     *
     * @param padding {@code VALID} (BigDL's default, no padding) or {@code SAME}
     */
    public Operand<TFloat32> conv2d(String layer, Operand<TFloat32> input, int kernel, int in, int out,
                                    String padding) {
        Ops scope = tf.withSubScope(layer);
        Operand<TFloat32> w = variable(scope, layer, "weights", new long[] {kernel, kernel, in, out}, (long) kernel * kernel * in);
        Operand<TFloat32> b = variable(scope, layer, "bias", new long[] {out}, 0);
        Operand<TFloat32> conv = scope.nn.conv2d(input, w, List.of(1L, 1L, 1L, 1L), padding);
        return scope.nn.biasAdd(conv, b);
    }

    /** A fully connected layer {@code x W + b}: BigDL's {@code Linear}. */
    public Operand<TFloat32> dense(String layer, Operand<TFloat32> input, int in, int out) {
        Ops scope = tf.withSubScope(layer);
        Operand<TFloat32> w = variable(scope, layer, "weights", new long[] {in, out}, in);
        Operand<TFloat32> b = variable(scope, layer, "bias", new long[] {out}, 0);
        return scope.nn.biasAdd(scope.linalg.matMul(input, w), b);
    }

    /** Max pooling over {@code size x size} windows with the given stride. */
    public Operand<TFloat32> maxPool(String layer, Operand<TFloat32> input, int size, int stride, String padding) {
        Ops scope = tf.withSubScope(layer);
        Operand<TInt32> ksize = scope.constant(new int[] {1, size, size, 1});
        Operand<TInt32> strides = scope.constant(new int[] {1, stride, stride, 1});
        return scope.nn.maxPool(input, ksize, strides, padding);
    }

    /** Reshapes to {@code [-1, features]}. */
    public Operand<TFloat32> flatten(String layer, Operand<TFloat32> input, int features) {
        Ops scope = tf.withSubScope(layer);
        return scope.reshape(input, scope.constant(new int[] {-1, features}));
    }

    /** Element-wise hyperbolic tangent. */
    public Operand<TFloat32> tanh(String layer, Operand<TFloat32> input) {
        return tf.withSubScope(layer).math.tanh(input);
    }

    /** Element-wise rectified linear unit. */
    public Operand<TFloat32> relu(String layer, Operand<TFloat32> input) {
        return tf.withSubScope(layer).nn.relu(input);
    }

    /**
     * Creates the resource variable {@code <layer>/<name>} in the layer's scope and returns its read.
     * (Each {@code withSubScope} call opens a new, uniquely named scope, so a layer uses one.)
     *
     * @param fanIn inputs per output unit; 0 initialises with zeros (biases)
     */
    private Operand<TFloat32> variable(Ops scope, String layer, String name, long[] shape, long fanIn) {
        String full = layer + "/" + name;
        // An empty shared_name would make every handle point at one anonymous resource.
        VarHandleOp handle = scope.withName(name).varHandleOp(TFloat32.class, Shape.of(shape),
                VarHandleOp.sharedName(full));
        Ops init = scope.withInitScope();
        Operand<TFloat32> initial;
        if (fanIn > 0) {
            long variableSeed = seed + variables.size() + 1;
            Operand<TFloat32> normal = init.random.truncatedNormal(init.constant(shape), TFloat32.class,
                    TruncatedNormal.seed(seed), TruncatedNormal.seed2(variableSeed));
            initial = init.math.mul(normal, init.constant((float) (1.0 / Math.sqrt(fanIn))));
        } else {
            initial = init.fill(init.constant(shape), init.constant(0f));
        }
        init.assignVariableOp(handle, initial);
        // Ops.withName refuses '/', so the TensorFlow 1.x name "<var>/read" is given through the graph builder.
        GraphOperation read = graph.opBuilder("ReadVariableOp", full + "/read", tf.scope())
                .addInput(handle.resource())
                .setAttr("dtype", DataType.DT_FLOAT)
                .build();
        Operand<TFloat32> output = read.output(0);
        variables.add(new TrainableVariable(new ModelParameter(full, shape), handle, output));
        return output;
    }
}
