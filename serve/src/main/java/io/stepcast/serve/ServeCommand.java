package io.stepcast.serve;

import io.stepcast.api.plugin.PluginRegistry;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.Callable;
import java.util.concurrent.CountDownLatch;

/**
 * {@code stepcast serve}: fits the built-in estimators on the embedded tables, loads the saved models of
 * {@code --models}, then answers HTTP JSON requests until the process is stopped (Ctrl-C or SIGTERM).
 */
@Command(name = "serve", mixinStandardHelpOptions = true, sortOptions = false,
        description = "Serve predictions and batch-size decisions over HTTP JSON (see /v1/openapi.json).",
        footer = {"", "Endpoints: GET /v1/health, GET /v1/predictors, POST /v1/predict, POST /v1/select-batch, "
                + "GET /metrics (Prometheus), GET /v1/openapi.json. Bodies over 1 MiB are refused (413)."})
final class ServeCommand implements Callable<Integer> {
    private final PluginRegistry registry;

    @Spec
    private CommandSpec spec;

    @Option(names = "--port", required = true, paramLabel = "N", description = "TCP port (0: any free port).")
    private int port;

    @Option(names = "--host", defaultValue = "127.0.0.1", paramLabel = "ADDRESS",
            description = "Address to bind (default: ${DEFAULT-VALUE}, this machine only).")
    private String host;

    @Option(names = "--models", paramLabel = "DIR",
            description = "Folder of models saved by 'stepcast fit --save' (*.json), served by file name.")
    private Path models;

    ServeCommand(PluginRegistry registry) {
        this.registry = registry;
    }

    @Override
    public Integer call() throws Exception {
        if (port < 0 || port > 65_535) {
            throw new CommandLine.ParameterException(spec.commandLine(), "--port must be in [0, 65535], was " + port);
        }
        PrintWriter out = spec.commandLine().getOut();
        long start = System.nanoTime();
        ServedPredictors served = ServedPredictors.load(registry, name -> true, Optional.ofNullable(models));
        // A note says whether its predictor is served (from published constants) or not.
        served.notes().forEach(n -> out.println("note: " + n));
        StepcastServer server = StepcastServer.start(served, host, port);
        CountDownLatch stopped = new CountDownLatch(1);
        Runtime.getRuntime().addShutdownHook(new Thread(() -> {
            server.close();
            stopped.countDown();
        }, "stepcast-serve-stop"));
        out.printf("serving %d predictors on http://%s:%d/v1/ (ready in %.1f s; Ctrl-C stops)%n",
                served.listing().size(), host.contains(":") ? "[" + host + "]" : host, server.port(), (System.nanoTime() - start) / 1e9);
        out.flush();
        stopped.await();
        return 0;
    }
}
