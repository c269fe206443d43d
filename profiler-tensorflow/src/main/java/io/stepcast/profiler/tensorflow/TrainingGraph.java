package io.stepcast.profiler.tensorflow;

import org.tensorflow.Graph;
import org.tensorflow.Operand;
import org.tensorflow.Operation;
import org.tensorflow.Result;
import org.tensorflow.Session;
import org.tensorflow.ndarray.Shape;
import org.tensorflow.op.Op;
import org.tensorflow.op.Ops;
import org.tensorflow.op.core.Gradients;
import org.tensorflow.op.core.NoOp;
import org.tensorflow.op.core.Placeholder;
import org.tensorflow.proto.DataType;
import org.tensorflow.proto.RunMetadata;
import org.tensorflow.proto.RunOptions;
import org.tensorflow.types.TFloat32;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * A network's complete training step as one TensorFlow graph, in an open session: forward pass,
 * softmax cross-entropy loss, gradients with respect to each parameter read, and one
 * {@code ResourceApplyGradientDescent} per parameter (plain SGD, no momentum), grouped under the
 * {@code train} no-op. Not thread-safe: one recording thread drives it.
 *
 * <p>Node names follow TensorFlow 1.x's {@code GradientDescentOptimizer}:
 * {@code GradientDescent/update_<var>/ResourceApplyGradientDescent} takes
 * {@code (<var>, GradientDescent/learning_rate, <gradient>)}, so the trace names which op produced each
 * parameter's gradient.
 */
final class TrainingGraph implements AutoCloseable {
    private static final RunOptions FULL_TRACE = RunOptions.newBuilder()
            .setTraceLevel(RunOptions.TraceLevel.FULL_TRACE).build();

    private final Graph graph;
    private final Session session;
    private final Placeholder<TFloat32> images;
    private final Placeholder<TFloat32> labels;
    private final Operand<TFloat32> loss;
    private final Op train;
    private final List<ModelParameter> parameters;

    TrainingGraph(Network network, long seed, SessionThreads threads) {
        graph = new Graph();
        try {
            Ops tf = Ops.create(graph);
            int[] s = network.sampleShape();
            images = tf.withName("images").placeholder(TFloat32.class,
                    Placeholder.shape(Shape.of(-1, s[0], s[1], s[2])));
            labels = tf.withName("labels").placeholder(TFloat32.class,
                    Placeholder.shape(Shape.of(-1, network.classes())));
            LayerBuilder layers = new LayerBuilder(graph, tf, seed);
            Operand<TFloat32> logits = network.logits(layers, images);
            Operand<TFloat32> perSample = tf.withSubScope("xent").nn.softmaxCrossEntropyWithLogits(logits, labels).loss();
            loss = tf.withName("loss").math.mean(perSample, tf.constant(0));
            List<TrainableVariable> variables = layers.variables();
            Gradients gradients = tf.gradients(loss, variables.stream().map(TrainableVariable::read).toList());
            Operand<TFloat32> rate = tf.withSubScope("GradientDescent").withName("learning_rate")
                    .constant(network.learningRate());
            List<Operation> updates = new ArrayList<>();
            for (int i = 0; i < variables.size(); i++) {
                TrainableVariable v = variables.get(i);
                updates.add(graph.opBuilder("ResourceApplyGradientDescent",
                                "GradientDescent/update_" + v.parameter().name() + "/ResourceApplyGradientDescent",
                                tf.scope())
                        .addInput(v.handle().resource())
                        .addInput(rate.asOutput())
                        .addInput(gradients.dy(i))
                        .setAttr("T", DataType.DT_FLOAT)
                        .build());
            }
            train = NoOp.create(tf.scope().withControlDependencyOps(updates).withName("train"));
            parameters = variables.stream().map(TrainableVariable::parameter).toList();
            session = new Session(graph, threads.config());
            session.initialize();
        } catch (RuntimeException e) {
            graph.close();
            throw e;
        }
    }

    /** Parameter tensors in creation (layer) order. */
    List<ModelParameter> parameters() {
        return parameters;
    }

    /** Runs one training step on {@code batch}, with TensorFlow's full trace when {@code traced}. */
    StepOutcome step(GeneratedBatch batch, boolean traced) {
        Session.Runner runner = session.runner()
                .feed(images, batch.images())
                .feed(labels, batch.labels())
                .fetch(loss)
                .addTarget(train);
        if (traced) {
            runner.setOptions(FULL_TRACE);
        }
        long start = System.nanoTime();
        try (Result result = traced ? runner.runAndFetchMetadata() : runner.run()) {
            long wall = System.nanoTime() - start;
            float value = ((TFloat32) result.get(0)).getFloat();
            return new StepOutcome(value, wall, result.getMetadata().map(RunMetadata::getStepStats)
                    .filter(stats -> traced));
        }
    }

    @Override
    public void close() {
        try {
            session.close();
        } finally {
            graph.close();
        }
    }
}
