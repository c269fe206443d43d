package io.stepcast.benchmarks;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;

import java.io.PrintWriter;
import java.io.StringWriter;

/** Runs a {@code stepcast} command inside the benchmark's JVM and returns its standard output. */
final class InProcessCli {
    private InProcessCli() {
    }

    /** The command's standard output; a non-zero exit is an error carrying its standard error. */
    static String run(PluginRegistry registry, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(registry, args, new PrintWriter(out, true), new PrintWriter(err, true));
        if (code != 0) {
            throw new IllegalStateException("stepcast " + args[0] + " exited " + code + ": " + err);
        }
        return out.toString();
    }
}
