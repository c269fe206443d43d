package io.stepcast.distribution;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;

import java.io.PrintWriter;
import java.io.StringWriter;

/**
 * Runs stepcast commands in process, as the launcher would, with every plugin on the test class path, and keeps
 * what they print. One per test; the plugins are discovered once for all of them.
 */
final class CliSession {
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** Holds the discovered plugins; initialised on first use, then never changed. */
    private static final class Discovered {
        static final PluginRegistry REGISTRY = PluginRegistry.discover();
    }

    /** The plugins every session runs with. */
    PluginRegistry registry() {
        return Discovered.REGISTRY;
    }

    /** Runs one command line; returns its exit code. */
    int run(String... args) {
        return StepcastCli.run(registry(), args, new PrintWriter(out, true), new PrintWriter(err, true));
    }

    /** Everything printed on standard output so far (since the last {@link #clear()}). */
    String out() {
        return out.toString();
    }

    /** Everything printed on standard error so far (since the last {@link #clear()}). */
    String err() {
        return err.toString();
    }

    /** Forgets what was printed. */
    void clear() {
        out.getBuffer().setLength(0);
        err.getBuffer().setLength(0);
    }
}
