package io.stepcast.benchmarks;

import io.stepcast.api.zoo.TransformerShape;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.analytic.megatron.Efficiency;
import io.stepcast.analytic.megatron.LayoutPlan;
import io.stepcast.analytic.megatron.LayoutPlanner;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Time to rank every valid (TP, PP, DP, micro-batch) layout of GPT-3 175B's shape (96 layers, hidden 12,288,
 * 96 heads, 2,048 tokens; Brown et al. 2020, table 2.1) with global batch 1,536 on 1,024 GPUs of DGX A100
 * nodes, as {@code stepcast plan-llm} does (planner built once; the cost model caches nothing per layout).
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MILLISECONDS)
@Fork(1)
@Warmup(iterations = 3, time = 1)
@Measurement(iterations = 5, time = 1)
public class PlanLlmBenchmark {
    private LayoutPlanner planner;
    private final TransformerShape gpt3 = new TransformerShape(96, 12288, 96, 2048, 50304, 4 * 12288);

    /** The planner of a DGX A100 cluster with the default efficiency constants. */
    @Setup(Level.Trial)
    public void setUp() {
        planner = LayoutPlanner.of(new DefaultHardwareCatalog(), "dgx-a100", Efficiency.VTRAIN_A100, false, true);
    }

    /** Every layout of 1,024 GPUs, ranked. */
    @Benchmark
    public List<LayoutPlan> rankAllLayouts() {
        return planner.plan(gpt3, 1024, 1536);
    }
}
