package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.app.cli.StepcastCli;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Optional;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.Logger;

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
    private static final Logger TRIBUO_LOG = Logger.getLogger("org.tribuo");

    final StepcastServer server;
    final Path modelFile;
    private final HttpClient http = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).connectTimeout(Duration.ofSeconds(10)).build();

    ServeFixture(Path dir) throws IOException {
        this(dir, SERVED);
    }

    /** With only the named built-in estimators (and the saved model). */
    ServeFixture(Path dir, Set<String> builtIn) throws IOException {
        // Tribuo logs every tree it builds at INFO; the CLI silences it the same way.
        TRIBUO_LOG.setLevel(Level.WARNING);
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

    /** Status line, content type and body of an answer read off a raw connection. */
    record RawResponse(int status, String contentType, String body) {
    }

    /**
     * Sends only the request head of a POST whose {@code Content-Length} announces {@code length} bytes, then reads
     * the answer. The server must judge an oversized body by its announced length, before reading it; sending the
     * body as well would race the server's early answer and close against the client's writes (a broken pipe
     * instead of the 413, seen under load).
     */
    RawResponse postAnnouncing(String path, long length) throws IOException {
        try (Socket socket = new Socket("127.0.0.1", server.port())) {
            socket.setSoTimeout(30_000);
            String head = "POST " + path + " HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
                    + "Content-Length: " + length + "\r\nConnection: close\r\n\r\n";
            socket.getOutputStream().write(head.getBytes(StandardCharsets.US_ASCII));
            socket.getOutputStream().flush();
            String answer = new String(socket.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            int end = answer.indexOf("\r\n\r\n");
            if (end < 0) {
                throw new IOException("no complete answer: " + answer);
            }
            String[] lines = answer.substring(0, end).split("\r\n");
            String type = "";
            for (String line : lines) {
                if (line.regionMatches(true, 0, "Content-Type:", 0, 13)) {
                    type = line.substring(13).strip();
                }
            }
            return new RawResponse(Integer.parseInt(lines[0].split(" ")[1]), type, answer.substring(end + 4));
        }
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
