package io.stepcast.app.cli;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.ApplicationPlugin;
import io.stepcast.evaluation.EvaluationPlugin;
import io.stepcast.evaluation.SyntheticPlugin;
import picocli.CommandLine;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;

/**
 * One command-line run in a test: its exit code and what it printed on standard output and standard error.
 *
 * @param code the exit code
 * @param out  standard output
 * @param err  standard error
 */
record CliRun(int code, String out, String err) {
    /** The registry of the synthetic plugin (synthetic observations, mechanics only), evaluation and application. */
    static PluginRegistry synthetic() {
        return PluginRegistry.of(List.of(new SyntheticPlugin(), new EvaluationPlugin(), new ApplicationPlugin()));
    }

    /** {@code stepcast ARGS} over {@code registry}, as the launcher runs it. */
    static CliRun stepcast(PluginRegistry registry, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(registry, args, new PrintWriter(out, true), new PrintWriter(err, true));
        return new CliRun(code, out.toString(), err.toString());
    }

    /** One command object run on {@code args}. */
    static CliRun command(Object command, String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        CommandLine cli = new CommandLine(command);
        cli.setOut(new PrintWriter(out));
        cli.setErr(new PrintWriter(err));
        return new CliRun(cli.execute(args), out.toString(), err.toString());
    }
}
