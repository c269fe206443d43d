/**
 * Records real single-worker TensorFlow training profiles with TensorFlow Java (the TensorFlow 2.18
 * runtime of TensorFlow Java 1.1.0): {@code stepcast profile tensorflow}.
 *
 * <p>A {@link io.stepcast.profiler.tensorflow.Network} (LeNet-5 as BigDL ships it, the Courier MLP
 * 784-128-10, CifarNet) is built into a graph with resource variables by
 * {@link io.stepcast.profiler.tensorflow.LayerBuilder} and trained with plain gradient descent on one
 * generated batch; {@link io.stepcast.profiler.tensorflow.TensorFlowProfiler} times untraced steps and
 * keeps the {@code FULL_TRACE} step statistics of traced ones;
 * {@link io.stepcast.profiler.tensorflow.RecordingWriter} writes them as TensorFlow 1.x Chrome-trace
 * timelines ({@link io.stepcast.profiler.tensorflow.ChromeTraceTimeline}), as a Parquet op trace and as an
 * observation. The timelines are the input of the trace-driven simulation of Li, Yan, Paolieri and
 * Golubchik, "Throughput Prediction of Asynchronous SGD in TensorFlow" (ICPE 2020).
 */
package io.stepcast.profiler.tensorflow;
