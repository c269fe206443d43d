package io.stepcast.benchmarks;

import io.stepcast.benchmarks.timeline.GeneratedTimeline;
import io.stepcast.benchmarks.timeline.SyntheticTimeline;
import io.stepcast.datasets.timeline.TimelineImporter;
import org.openjdk.jmh.annotations.AuxCounters;
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
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

import java.io.IOException;
import java.util.concurrent.TimeUnit;

/**
 * Import rate of a TensorFlow 1.x timeline into an op-trace Parquet file through the datasets module's
 * {@link TimelineImporter#writeOpTrace} (Jackson streaming parse on one thread; dependency resolution per step and
 * the Parquet write, to a temporary file moved into place, on the other). The input is a <em>synthetic</em>
 * ResNet-50 parameter-server timeline of {@link #sizeMb} megabytes ({@link SyntheticTimeline}), generated once per
 * fork in a temporary folder (override with {@code -Djava.io.tmpdir}).
 *
 * <p>Reported in {@link Mode#Throughput}: the primary score is imports per second; the secondary scores are
 * {@code opEvents} (events with {@code "ph":"X"}, which become op-trace rows) and {@code traceEvents} (every
 * element of {@code traceEvents}: ops, tensor snapshots, metadata) per second. Target: at least one million
 * events per second.
 *
 * <ul>
 *   <li>{@link #importToParquet}: the steady state, as JMH measures by default: warm-up iterations first (the JIT
 *       compiles the parser, converter and Parquet writer over the first four or five imports; ten warm-up
 *       iterations leave room for a slow machine), then one-second iterations of whole imports;</li>
 *   <li>{@link #firstImport}: the first import of a fresh JVM, single shot in each of three forks: what a user who
 *       runs {@code stepcast datasets import} once waits for (JIT compilation and class loading included);</li>
 *   <li>{@link #streamOnly}: the same parse and conversion on one thread, without Parquet, which shows how the
 *       cost splits.</li>
 * </ul>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.Throughput)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx1g")
public class TimelineImportBenchmark {

    /** Size of the generated timeline in megabytes (10^6 bytes). */
    @Param({"200"})
    public int sizeMb;

    private GeneratedTimeline generated;

    /** Events of the imports of an iteration, reported per second. */
    @State(Scope.Thread)
    @AuxCounters(AuxCounters.Type.OPERATIONS)
    public static class Events {
        /** Op events ({@code "ph":"X"}) read. */
        public long opEvents;
        /** All trace events read. */
        public long traceEvents;

        /** Starts every iteration from zero. */
        @Setup(Level.Iteration)
        public void reset() {
            opEvents = 0;
            traceEvents = 0;
        }
    }

    /** Generates the timeline. */
    @Setup(Level.Trial)
    public void generate() throws IOException {
        generated = GeneratedTimeline.create(sizeMb);
    }

    /** Deletes the generated files. */
    @TearDown(Level.Trial)
    public void delete() throws IOException {
        generated.delete();
    }

    /** One import of the whole timeline into Parquet, once the JIT is warm. */
    @Benchmark
    @Warmup(iterations = 10, time = 1)
    @Measurement(iterations = 10, time = 1)
    public TimelineImporter.Summary importToParquet(Events counter) throws IOException {
        return importOnce(counter);
    }

    /** The first import of a fresh JVM. */
    @Benchmark
    @BenchmarkMode(Mode.SingleShotTime)
    @OutputTimeUnit(TimeUnit.MILLISECONDS)
    @Warmup(iterations = 0)
    @Measurement(iterations = 1)
    @Fork(value = 3, jvmArgsAppend = "-Xmx1g")
    public TimelineImporter.Summary firstImport(Events counter) throws IOException {
        return importOnce(counter);
    }

    private TimelineImporter.Summary importOnce(Events counter) throws IOException {
        return counted(generated.importToParquet(), counter);
    }

    private TimelineImporter.Summary counted(TimelineImporter.Summary s, Events counter) {
        counter.opEvents += s.opEvents();
        counter.traceEvents += generated.stats().events();
        return s;
    }

    /** The parse and conversion of the whole timeline, the op-trace events discarded (no Parquet). */
    @Benchmark
    @Warmup(iterations = 1, time = 5)
    @Measurement(iterations = 3, time = 5)
    public TimelineImporter.Summary streamOnly(Events counter, Blackhole sink) throws IOException {
        return counted(new TimelineImporter().stream(generated.timeline(), sink::consume), counter);
    }
}
