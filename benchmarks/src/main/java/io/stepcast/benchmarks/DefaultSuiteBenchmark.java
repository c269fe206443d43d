package io.stepcast.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of {@code stepcast evaluate} with the built-in {@code default} suite (embedded Courier and
 * TensorFlow benchmark tables, every registered predictor, k-fold and profile-only protocols, Courier
 * batch-size selection), run through {@link StepcastCli#run} with the plugins found on the class path.
 * Plugin discovery happens once in setup; each measured iteration is one whole run
 * ({@link Mode#SingleShotTime}). No warm-up: the first iteration is what a user sees in a fresh JVM, the
 * second what a warmed JVM does.
 */
@Warmup(iterations = 0)
@Measurement(iterations = 2)
public class DefaultSuiteBenchmark extends InProcessCli {
    /** One run of {@code stepcast evaluate} (suite {@code default}). */
    @Benchmark
    public String evaluate() {
        return run("evaluate");
    }
}
