package io.stepcast.benchmarks;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.TimeUnit;

/**
 * Base of the benchmarks that run a {@code stepcast} command inside the benchmark's JVM: the plugins are discovered
 * once per trial, in setup, so that no measured iteration pays for the discovery, and {@link #run} returns the
 * command's standard output. A command run takes seconds: each measured iteration is one whole run
 * ({@link Mode#SingleShotTime}), in one fork; a subclass states its warm-up and measured iterations.
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.SingleShotTime)
@OutputTimeUnit(TimeUnit.SECONDS)
@Fork(1)
public abstract class InProcessCli {
    private PluginRegistry registry;

    /** Discovers the plugins. */
    @Setup(Level.Trial)
    public void discover() {
        registry = PluginRegistry.discover();
    }

    /** The command's standard output; a non-zero exit is an error carrying its standard error. */
    protected final String run(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(registry, args, new PrintWriter(out, true), new PrintWriter(err, true));
        if (code != 0) {
            throw new IllegalStateException("stepcast " + args[0] + " exited " + code + ": " + err);
        }
        return out.toString();
    }
}
