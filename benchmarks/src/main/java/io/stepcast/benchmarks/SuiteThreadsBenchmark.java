package io.stepcast.benchmarks;

import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Wall time of one {@code stepcast evaluate --suite SUITE --threads N} in a warm JVM: the warm-up
 * iterations run the same suite, so the measured ones see compiled code and what is left is the suite's
 * own work on {@code threads} workers (a fresh {@code ./stepcast} run also pays the JIT, which competes for
 * the same cores). The data folder is {@code -Dstepcast.data} (default {@code ../shared/data}, as from a
 * worktree); plugins are discovered once in setup.
 */
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
