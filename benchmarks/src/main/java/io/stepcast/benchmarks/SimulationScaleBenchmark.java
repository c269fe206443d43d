package io.stepcast.benchmarks;

import io.stepcast.queueing.simulation.CompiledProfile;
import io.stepcast.queueing.simulation.RunResult;
import io.stepcast.queueing.simulation.SimulationRunner;
import io.stepcast.queueing.simulation.SimulationSetup;
import io.stepcast.queueing.simulation.Simulator;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

import java.lang.management.ManagementFactory;
import java.util.concurrent.TimeUnit;

/**
 * The simulation at cluster scale: one run (one seed) of {@link #workers} asynchronous workers with the setup of
 * {@link SimulationEventsBenchmark} (ResNet-50 synthesised from the zoo, local batch 64, single-worker step 1.22 s,
 * one worker per host, one parameter server on its own host, 10 Gbit/s, 64 Gbit/s host bus, random order, no
 * jitter, 10 warm-up plus {@link #steps} measured steps), timed as a single shot per iteration since a run at
 * thousands of workers takes seconds.
 *
 * <p>Secondary scores (JMH adds them over the measured iterations): {@code events}, the simulator's events per run;
 * {@code heapAfterGcMB}, the heap in use after a full collection with the iteration's finished simulator still
 * reachable (its retained state plus the JVM's baseline, about the profile and JMH), read after the timed run. Run
 * with {@code -prof gc} for the bytes allocated per run.
 */
@State(Scope.Benchmark)
@BenchmarkMode(org.openjdk.jmh.annotations.Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgs = {"-Xmx4g"})
@Warmup(iterations = 1)
@Measurement(iterations = 2)
public class SimulationScaleBenchmark {
    /** Simulated workers. */
    @Param({"64", "256", "1024", "4096"})
    public int workers;

    /** Measured steps per worker. */
    @Param({"50"})
    public int steps;

    private CompiledProfile compiled;
    private SimulationSetup setup;
    private long seed;

    /** Events and retained heap of the iteration's run. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.EVENTS)
    public static class Counters {
        /** Simulated events of the run. */
        public long events;
        /** Heap in use after a full collection, the finished simulator reachable, MB. */
        public double heapAfterGcMB;

        // The iteration's simulator, reachable from here until the heap was read.
        private Simulator last;

        /** Starts every iteration from zero. */
        @Setup(Level.Iteration)
        public void reset() {
            events = 0;
            heapAfterGcMB = 0;
            last = null;
        }

        /**
         * Reads the heap after a full collection with the iteration's simulator still reachable, outside the timed
         * run: a collection inside it would add its own time to every run.
         */
        @TearDown(Level.Iteration)
        public void measureHeap() {
            System.gc();
            heapAfterGcMB = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed() / 1e6;
            last = null;
        }
    }

    /** Synthesises and calibrates the profile, and builds the cluster. */
    @Setup(Level.Trial)
    public void prepare() {
        ResNet50ParameterServerJob job = ResNet50ParameterServerJob.of(workers, steps);
        compiled = job.compiled();
        setup = job.setup();
    }

    /** One simulation run with a fresh seed; the simulator is kept for the heap reading after the iteration. */
    @Benchmark
    public RunResult simulate(Counters counters) {
        Simulator s = new Simulator(compiled, setup, SimulationRunner.staticOrder(compiled, setup), ++seed, null);
        RunResult r = s.run(Long.MAX_VALUE);
        counters.events += r.events();
        counters.last = s;
        return r;
    }
}
