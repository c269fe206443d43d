package io.stepcast.benchmarks;

import io.stepcast.queueing.simulation.CompiledProfile;
import io.stepcast.queueing.simulation.SimulationRunner;
import io.stepcast.queueing.simulation.SimulationSetup;
import io.stepcast.queueing.simulation.ThroughputEstimate;
import org.openjdk.jmh.annotations.AuxCounters;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Speed of the discrete-event simulation of parameter-server training (Li, Yan, Paolieri, Golubchik, ICPE 2020;
 * docs/methods.md section 1): one run (one seed) of {@link #workers} asynchronous workers, one worker per host, one
 * parameter server on its own host, 10 Gbit/s, random transfer order, 10 warm-up plus {@link #steps} measured
 * steps per worker, from a ResNet-50 profile synthesised from the zoo (local batch 64, single-worker step
 * 1.22 s) and calibrated as {@code stepcast simulate} calibrates it. Without transfer or compute jitter (the
 * setup constructor's default), so the event count per step is the model's own.
 *
 * <p>Reported in {@link org.openjdk.jmh.annotations.Mode#Throughput}: the primary score is runs per second;
 * the secondary score {@code events} is simulated events (timed events plus transfer completions, as the
 * simulator counts them) per second. Time per run = 1 / score.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 1, time = 5)
@Measurement(iterations = 3, time = 5)
public class SimulationEventsBenchmark {
    /** Simulated workers. */
    @Param({"1", "8", "64"})
    public int workers;

    /** Measured steps per worker. */
    @Param({"50", "200"})
    public int steps;

    private CompiledProfile compiled;
    private SimulationSetup setup;
    private long seed;

    /** Counts the simulated events of an iteration, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events {
        /** Simulated events. */
        public long events;

        /** Starts every iteration from zero. */
        @Setup(Level.Iteration)
        public void reset() {
            events = 0;
        }
    }

    /** Synthesises and calibrates the profile, and builds the cluster. */
    @Setup(Level.Trial)
    public void prepare() {
        ResNet50ParameterServerJob job = ResNet50ParameterServerJob.of(workers, steps);
        compiled = job.compiled();
        setup = job.setup();
    }

    /** One simulation run with a fresh seed. */
    @Benchmark
    public ThroughputEstimate simulate(Events counter) {
        ThroughputEstimate e = SimulationRunner.run(compiled, setup, 1, ++seed, null);
        counter.events += e.events();
        return e;
    }
}
