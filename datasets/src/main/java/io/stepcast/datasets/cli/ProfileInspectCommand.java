package io.stepcast.datasets.cli;

import io.stepcast.datasets.catalog.ProfileReaders;
import io.stepcast.datasets.inspect.ProfileFormats;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.plugin.DatasetsPlugin;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;

/**
 * {@code stepcast profile inspect FILE [--json]}: the format detected, the steps found and their times, compute,
 * communication and its exposed part, collectives per step, device and world size of any supported trace.
 * Writes nothing.
 */
@Command(name = "inspect", mixinStandardHelpOptions = true,
        description = "Summarise a profile (PyTorch profiler trace, TensorFlow timeline or TF2 profiler trace).")
public final class ProfileInspectCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "The trace (.json or .json.gz).")
    Path file;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(names = "--format", paramLabel = "NAME",
            description = "The profile reader (as in datasets import); detected from the file when omitted.")
    String format;

    private final ProfileReaders readers;

    /** Over the datasets module's own profile readers. */
    public ProfileInspectCommand() {
        this(new ProfileReaders(DatasetsPlugin.builtIn().profileReaders()));
    }

    /** @param readers the registered profile readers, in detection order */
    public ProfileInspectCommand(ProfileReaders readers) {
        this.readers = readers;
    }

    @Override
    public Integer call() throws IOException {
        ProfileSummary s = ProfileFormats.summarise(file, readers, Optional.ofNullable(format));
        PrintWriter out = spec.commandLine().getOut();
        if (json) {
            out.println(s.toJson());
        } else {
            s.toLines().forEach(out::println);
        }
        out.flush();
        return 0;
    }
}
