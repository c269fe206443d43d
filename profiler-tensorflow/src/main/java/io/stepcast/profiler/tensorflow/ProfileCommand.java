package io.stepcast.profiler.tensorflow;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Spec;

import java.util.concurrent.Callable;

/** {@code stepcast profile}: records single-worker profiles; the framework is a sub-command. */
@Command(name = "profile", mixinStandardHelpOptions = true,
        description = "Record real single-worker training profiles (op timelines and step times).")
public final class ProfileCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Override
    public Integer call() {
        spec.commandLine().usage(spec.commandLine().getOut());
        return 0;
    }
}
