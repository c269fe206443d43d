package io.stepcast.benchmarks;

import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * The settings shared by the imports of large generated files: one import, single shot, in a fresh JVM whose heap
 * is limited to 256 MB (a quarter of the 1 GB file), so the time includes JIT warm-up and the run shows that the
 * reader streams. JMH inherits these annotations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(value = 1, jvmArgsAppend = "-Xmx256m")
@Warmup(iterations = 0)
@Measurement(iterations = 1)
public abstract class SmallHeapImport {
    /** Size of the generated file in megabytes (10^6 bytes; uncompressed). */
    @Param({"1024"})
    public int sizeMb;
}
