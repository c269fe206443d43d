package io.stepcast.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
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
 * Wall time of one {@code stepcast evaluate --suite SUITE --threads N} in a warm JVM: the warm-up
 * iterations run the same suite, so the measured ones see compiled code and what is left is the suite's
 * own work on {@code threads} workers (a fresh {@code ./stepcast} run also pays the JIT, which competes for
 * the same cores). The data folder is {@code -Dstepcast.data} (default {@code ../shared/data}, as from a
 * worktree); plugins are discovered once in setup.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 3)
@Measurement(iterations = 5)
public class SuiteThreadsBenchmark extends InProcessCli {
    /** The built-in suite. */
    @Param({"paper-courier"})
    public String suite;

    /** Worker threads of the suite's pool. */
    @Param({"1", "2"})
    public int threads;

    /** One run of {@code stepcast evaluate --suite SUITE --threads N}. */
    @Benchmark
    public String evaluate() {
        String data = System.getProperty("stepcast.data", "../shared/data");
        return run("evaluate", "--suite", suite, "--data", data,
                "--threads", Integer.toString(threads));
    }
}
