package io.stepcast.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.concurrent.TimeUnit;

/**
 * Wall time of {@code stepcast evaluate} with the built-in {@code default} suite (embedded Courier and
 * TensorFlow benchmark tables, every registered predictor, k-fold and profile-only protocols, Courier
 * batch-size selection), run through {@link StepcastCli#run} with the plugins found on the class path.
 * Plugin discovery happens once in setup; each measured iteration is one whole run
 * ({@link Mode#SingleShotTime}). No warm-up: the first iteration is what a user sees in a fresh JVM, the
 * second what a warmed JVM does.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 2)
public class DefaultSuiteBenchmark extends InProcessCli {
    /** One run of {@code stepcast evaluate} (suite {@code default}). */
    @Benchmark
    public String evaluate() {
        return run("evaluate");
    }
}
