package io.stepcast.benchmarks;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Base of the benchmarks that run a {@code stepcast} command inside the benchmark's JVM: the plugins are discovered
 * once per trial, in setup, so that no measured iteration pays for the discovery, and {@link #run} returns the
 * command's standard output. The state is the benchmark's, as JMH asks of a class with a setup method.
 */
@State(Scope.Benchmark)
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
