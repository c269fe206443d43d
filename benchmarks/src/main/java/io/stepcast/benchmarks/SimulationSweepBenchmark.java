package io.stepcast.benchmarks;

import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.queueing.cli.SimulateCommand;
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
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/**
 * Wall time of a what-if sweep: exactly {@code stepcast simulate --model ResNet-50 --step-time 1.22
 * --local-batch 64 --workers 1,2,4,...,maxWorkers --steps 200} (the command's defaults otherwise: asynchronous,
 * random order, one parameter server on its own host, one worker per host, 10 Gbit/s, 10 warm-up steps,
 * 3 seeds, all cores), run through the command itself so that profile synthesis and calibration are included. Each
 * measured iteration is one whole sweep ({@link Mode#SingleShotTime}); a sweep takes long enough (tens of
 * seconds) for the JIT warm-up to be a small part of the first one, so there is no warm-up iteration.
 * {@link #options} adds options, e.g. {@code -p maxWorkers=4096 -p "options=--mode sync --policy fifo
 * --transfer-jitter 0 --aggregate"} for the sweep over 1..4,096 workers through one representative worker.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
@Warmup(iterations = 0)
@Measurement(iterations = 2)
public class SimulationSweepBenchmark {

    /** Measured steps per worker. */
    @Param({"200"})
    public int steps;

    /** Seeds of the random transfer order per worker count. */
    @Param({"3"})
    public int seeds;

    /** Largest worker count: the sweep runs the powers of two from 1 to it. */
    @Param({"64"})
    public int maxWorkers;

    /** {@code --threads}; 0: the command's default (all cores). */
    @Param({"0"})
    public int threads;

    /**
     * Extra options of the command, words separated by spaces; "-": none. The symmetric sweep {@code --aggregate}
     * needs is {@code "--mode sync --policy fifo --transfer-jitter 0"}, with or without {@code --aggregate}.
     */
    @Param({"-"})
    public String options;

    /** One sweep over 1..{@link #maxWorkers} workers. */
    @Benchmark
    public String sweep() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(new SimulateCommand(Optional.of(new DefaultProfileSource())));
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        StringBuilder list = new StringBuilder("1");
        for (int w = 2; w <= maxWorkers; w *= 2) {
            list.append(',').append(w);
        }
        List<String> args = new ArrayList<>(List.of("--model", "ResNet-50",
                "--step-time", "1.22", "--local-batch", "64", "--workers", list.toString(), "--steps",
                Integer.toString(steps), "--seeds", Integer.toString(seeds), "--json"));
        if (!options.equals("-")) {
            args.addAll(List.of(options.trim().split("\\s+")));
        }
        if (threads > 0) {
            args.add("--threads");
            args.add(Integer.toString(threads));
        }
        int code = cli.execute(args.toArray(String[]::new));
        if (code != 0) {
            throw new IllegalStateException("stepcast simulate exited " + code + ": " + err);
        }
        return out.toString();
    }
}
