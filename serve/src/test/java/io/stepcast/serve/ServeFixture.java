package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.cli.StepcastCli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;

/**
 * A server on an ephemeral loopback port with a few real predictors fitted on the embedded tables (the two
 * Courier forests, MVA, linear scaling) and one saved model ({@code k80-ernest}: Ernest fitted by {@code stepcast fit}
 * on {@code docs/examples/resnet50-k80-train.csv}, real TensorFlow benchmark rows), plus an HTTP client.
 */
final class ServeFixture implements AutoCloseable {
    static final Set<String> SERVED = Set.of("courier-forest", "courier-forest-compact", "mva", "linear-scaling");
    static final ObjectMapper JSON = new ObjectMapper();
    static final PluginRegistry REGISTRY = PluginRegistry.discover();
    /** Held so that the level set on it is not lost when the logger is collected. */
    private static final java.util.logging.Logger TRIBUO_LOG = java.util.logging.Logger.getLogger("org.tribuo");

    final StepcastServer server;
    final Path modelFile;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();

    ServeFixture(Path dir) throws IOException {
        this(dir, SERVED);
    }

    /** With only the named built-in estimators (and the saved model). */
    ServeFixture(Path dir, Set<String> builtIn) throws IOException {
        // Tribuo logs every tree it builds at INFO; the CLI silences it the same way.
        TRIBUO_LOG.setLevel(java.util.logging.Level.WARNING);
        Path models = Files.createDirectories(dir.resolve("models"));
        modelFile = models.resolve("k80-ernest.model.json");
        String[] fit = {"fit", "--predictor", "ernest", "--train", examples().resolve("resnet50-k80-train.csv").toString(),
            "--save", modelFile.toString()};
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, fit, new PrintWriter(new StringWriter()), new PrintWriter(err));
        if (code != 0) {
            throw new IllegalStateException("fit failed: " + err);
        }
        ServedPredictors served = ServedPredictors.load(REGISTRY, builtIn::contains, Optional.of(models));
        server = StepcastServer.start(served, "127.0.0.1", 0);
    }

    /** The repository's docs/examples folder (the tests run in serve/). */
    static Path examples() {
        return Path.of("..", "docs", "examples").toAbsolutePath().normalize();
    }

    ServedPredictors predictors() {
        return server.predictors();
    }

    HttpResponse<String> get(String path) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).GET().build(),
                HttpResponse.BodyHandlers.ofString());
    }

    HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30))
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    /**
     * A POST that announces its body with {@code Expect: 100-continue}, as a client sending a large body should: the
     * server answers a body over its limit before the body is sent, so the client never writes into a connection
     * the server has closed (which, under load, surfaces as a broken pipe instead of the 413).
     */
    HttpResponse<String> postLarge(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(uri(path)).timeout(Duration.ofSeconds(30)).expectContinue(true)
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body)).build(), HttpResponse.BodyHandlers.ofString());
    }

    static JsonNode json(HttpResponse<String> r) throws IOException {
        return JSON.readTree(r.body());
    }

    /** Runs a CLI command in process over the same plugins; returns what it printed. */
    static String cli(String... args) {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = StepcastCli.run(REGISTRY, args, new PrintWriter(out, true), new PrintWriter(err, true));
        if (code != 0) {
            throw new IllegalStateException(String.join(" ", args) + " exited " + code + ": " + err);
        }
        return out.toString();
    }

    private URI uri(String path) {
        return URI.create("http://127.0.0.1:" + server.port() + path);
    }

    @Override
    public void close() {
        server.close();
    }
}
