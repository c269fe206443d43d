package io.stepcast.benchmarks;

import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.api.selection.BatchDecision;
import io.stepcast.api.selection.BatchScope;
import io.stepcast.api.selection.BatchSizeSelector;
import io.stepcast.api.selection.SelectorFactory;
import io.stepcast.api.selection.SelectorInputs;
import io.stepcast.api.selection.SelectorParameters;
import io.stepcast.models.selection.CourierJob;
import io.stepcast.models.selection.CourierSelectorFactory;
import io.stepcast.datasets.catalog.DefaultObservationCatalog;
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
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.concurrent.TimeUnit;

/**
 * Latency of one real-time batch-size decision (Courier, Albo Martinez et al., ICPE 2021, section 4): the
 * registered {@code courier} selector predicts response time and accuracy of the four candidate global batches 64,
 * 128, 256 and 512 with a Courier forest and applies the SLO rule. The forest is fitted once per trial on the
 * embedded Courier tables (real data) and the selector found, through the plugin registry, as
 * {@code stepcast select-batch} does.
 *
 * <p>Each invocation decides for the next of 16 jobs (cpu 1..8 x njobs 1..4, both networks, SLO 60..420 s)
 * so that neither the JIT nor a cache sees one constant input. Target: under 50 microseconds per decision
 * with {@code courier-forest-compact}; {@code courier-forest} is the paper's 2000-tree time forest.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
public class CourierDecisionBenchmark {
    private static final List<Integer> CANDIDATES = CourierJob.DEFAULT_CANDIDATES;

    /** Registered estimator name of the Courier forest. */
    @Param({"courier-forest-compact", "courier-forest"})
    public String predictor;

    private BatchSizeSelector selector;
    private Config[] jobs;
    private OptionalDouble[] slos;
    private int next;

    /** Fits the forest on the embedded Courier data and prepares the jobs. */
    @Setup(Level.Trial)
    public void fit() throws IOException {
        var observations = new DefaultObservationCatalog().observations("courier", Optional.empty());
        PluginRegistry registry = PluginRegistry.discover();
        Predictor fitted = registry.estimator(predictor).fit(TrainingSet.of("courier", observations));
        SelectorFactory courier = registry.selector(CourierSelectorFactory.NAME);
        selector = courier.create(SelectorInputs.of(fitted, Target.RESPONSE_TIME, BatchScope.GLOBAL),
                courier.resolve(SelectorParameters.none()));
        List<Config> js = new ArrayList<>();
        List<OptionalDouble> ss = new ArrayList<>();
        int[] cpus = {1, 2, 4, 8};
        for (int i = 0; i < 16; i++) {
            int cpu = cpus[i % 4];
            int njobs = 1 + (i / 4);
            String net = i % 2 == 0 ? "lenet5" : "mlp";
            js.add(new CourierJob(net, cpu, njobs).config());
            ss.add(OptionalDouble.of(60 + 24.0 * i));
        }
        jobs = js.toArray(Config[]::new);
        slos = ss.toArray(OptionalDouble[]::new);
        BatchDecision probe = selector.select(jobs[0], CANDIDATES, slos[0]);
        if (probe.candidates().size() != CANDIDATES.size()) {
            throw new IllegalStateException(predictor + " could not predict every candidate: " + probe.skipped());
        }
    }

    /** One decision over four candidates under an SLO. */
    @Benchmark
    public BatchDecision decide() {
        int i = next;
        next = (i + 1) & 15;
        return selector.select(jobs[i], CANDIDATES, slos[i]);
    }
}
