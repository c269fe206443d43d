package io.stepcast.profiler.tensorflow;

import io.stepcast.api.plugin.WritesTo;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

/**
 * {@code stepcast profile tensorflow --model NAME --local-batch 32,64,128 --out DIR}: trains the network
 * with TensorFlow Java on this machine and writes, per batch size, the Chrome-trace timelines of the
 * traced steps and an observation with the median step times (see {@link RecordingWriter}).
 */
@Command(name = "tensorflow", mixinStandardHelpOptions = true,
        description = "Record TensorFlow timelines and step times of a network trained on generated inputs.")
public final class ProfileTensorflowCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Option(names = "--model", paramLabel = "NAME", required = true, description = "Network: lenet5, mlp or cifarnet.")
    String model;

    @Option(names = "--local-batch", required = true, split = ",", paramLabel = "B[,B...]",
            description = "Local batch sizes, comma-separated.")
    List<Integer> batches;

    @Option(names = "--steps", paramLabel = "N", defaultValue = "20", description = "Timed untraced steps per batch (default ${DEFAULT-VALUE}).")
    int steps;

    @Option(names = "--warmup", paramLabel = "N", defaultValue = "5", description = "Untimed warm-up steps per batch (default ${DEFAULT-VALUE}).")
    int warmup;

    @Option(names = "--traced-steps", paramLabel = "N", defaultValue = "3",
            description = "Traced steps whose timelines are written (default ${DEFAULT-VALUE}).")
    int tracedSteps;

    @Option(names = "--intra-threads", paramLabel = "N", defaultValue = "1", description = "Intra-op threads (default ${DEFAULT-VALUE}).")
    int intraThreads;

    @Option(names = "--inter-threads", paramLabel = "N", defaultValue = "1", description = "Inter-op threads (default ${DEFAULT-VALUE}).")
    int interThreads;

    @Option(names = "--seed", paramLabel = "N", defaultValue = "42", description = "Seed of weights and inputs (default ${DEFAULT-VALUE}).")
    long seed;

    @WritesTo(WritesTo.Kind.FOLDER)
    @Option(names = "--out", paramLabel = "DIR", required = true, description = "Output folder.")
    Path out;

    @WritesTo(WritesTo.Kind.FOLDER)
    @Option(names = "--cache", paramLabel = "DIR", description = "Folder for TensorFlow's native libraries (default ~/.cache/stepcast/javacpp).")
    Path cache;

    @Override
    public Integer call() throws Exception {
        Network network = Networks.byName(model);
        for (int b : batches) {
            if (b < 1) {
                throw new IllegalArgumentException("--local-batch values must be at least 1, was " + b);
            }
        }
        if (Files.exists(out) && !Files.isDirectory(out)) {
            throw new IllegalArgumentException("--out " + out + " is a file, not a folder");
        }
        if (cache != null) {
            TensorFlowRuntime.useCache(cache);
        }
        RecordingPlan plan = new RecordingPlan(steps, warmup, tracedSteps,
                new SessionThreads(intraThreads, interThreads), seed);
        TensorFlowProfiler profiler = new TensorFlowProfiler(plan);
        RecordingWriter writer = new RecordingWriter(out, MachineInfo.detect());
        PrintWriter o = spec.commandLine().getOut();
        for (int batch : batches) {
            BatchRecording r = profiler.record(network, batch);
            RecordingWriter.WrittenRecording w = writer.write(r);
            o.printf(Locale.ROOT, "%s batch %d: step %.3f ms (median of %d), traced %.3f ms (timeline span %.3f ms), loss %.4f -> %.4f, %d timelines in %s%n",
                    network.name(), batch, r.medianUntracedS() * 1e3, r.untracedS().size(), r.medianTracedS() * 1e3,
                    r.medianTracedSpanS() * 1e3,
                    r.firstLoss(), r.lastLoss(), w.timelines().size(), w.observationFile().getParent());
            if (!(r.lastLoss() < r.firstLoss())) {
                // Timings stay valid, but a loss that does not fall means the graph is not training as intended.
                spec.commandLine().getErr().printf(Locale.ROOT, "warning: %s batch %d: the loss did not go down (%.4f -> %.4f)%n",
                        network.name(), batch, r.firstLoss(), r.lastLoss());
            }
            o.flush();
        }
        Path parquet = writer.writeSummary();
        o.println("observations: " + parquet + " (and observations.json)");
        return 0;
    }
}
