package io.stepcast.benchmarks;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Prediction;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.zoo.ModelCatalog;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.evaluation.suite.UserObservationFiles;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Latency of one throughput prediction by the {@code mva} estimator (exact Mean Value Analysis of the
 * closed queueing network of parameter-server SGD; Lin, Paolieri, Chou, Golubchik, MASCOTS 2018), fitted on
 * the embedded TensorFlow benchmark table (real data). The job: ResNet-50, local batch 64, asynchronous,
 * one worker per host, one parameter server on its own host, 10 Gbit/s. Exact MVA iterates over the
 * customers (here the workers), so the cost should grow linearly with {@link #workers}; each prediction
 * solves the network afresh (the predictor memoises nothing).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class MvaPredictionBenchmark {

    /** Workers of the predicted configuration (customers of the closed network). */
    @Param({"1", "16", "128", "1024"})
    public int workers;

    private Predictor mva;
    private Config config;

    /** Fits MVA on the embedded TensorFlow benchmark table. */
    @Setup(Level.Trial)
    public void fit() throws IOException {
        PluginRegistry registry = PluginRegistry.discover();
        // As a suite fits it: the zoo fills in the parameter bytes the table's rows do not state.
        var observations = UserObservationFiles.withZooParameterBytes(
                new DefaultObservationCatalog().observations("tf-benchmarks", Optional.empty()),
                registry.service(ModelCatalog.class));
        mva = registry.estimator("mva").fit(TrainingSet.of("tf-benchmarks", observations));
        long bytes = new DefaultProfileSource().parameterBytes("ResNet-50").orElseThrow();
        config = Config.builder().model("ResNet-50").framework("tensorflow").dataset("imagenet").parameterBytes(bytes)
                .architecture(Architecture.ASYNC_PS).workers(workers).nodes(workers).parameterServers(1)
                .colocatedPs(false).bandwidthGbps(10).hardware("K80").localBatch(64).build();
        Prediction probe = mva.predict(config, Target.THROUGHPUT);
        if (!probe.isValue()) {
            throw new IllegalStateException("mva cannot predict the benchmark configuration: " + probe);
        }
    }

    /** One throughput prediction. */
    @Benchmark
    public Prediction predict() {
        return mva.predict(config, Target.THROUGHPUT);
    }
}
