package io.stepcast.queueing.cli;

import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.function.Supplier;

/**
 * Runs {@code stepcast simulate} in-process for a test: a fresh {@link SimulateCommand} per run, with what it
 * prints kept across the runs of one test (so a test can run twice and read both) and each run's error output
 * echoed once to the build's stderr, where a failing assertion on it is easiest to diagnose.
 */
public final class SimulateCli {
    private final Supplier<SimulateCommand> command;
    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    /** @param command the command of one run, with the sources the test binds */
    public SimulateCli(Supplier<SimulateCommand> command) {
        this.command = command;
    }

    /** Runs the command with {@code args}; the exit code. */
    public int run(String... args) {
        CommandLine cl = new CommandLine(command.get());
        cl.setOut(new PrintWriter(out));
        cl.setErr(new PrintWriter(err));
        int before = err.getBuffer().length();
        int code = cl.execute(args);
        System.err.print(err.getBuffer().substring(before));
        return code;
    }

    /** Everything printed on the standard output so far. */
    public StringWriter out() {
        return out;
    }

    /** Everything printed on the error output so far. */
    public StringWriter err() {
        return err;
    }
}
