package io.stepcast.serve;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.javalin.Javalin;
import io.javalin.http.Context;
import io.javalin.http.Handler;
import io.javalin.http.HttpResponseException;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Objects;

/**
 * The HTTP JSON service of {@code stepcast serve} on Javalin (Jetty 12): health, the predictor list, predictions,
 * Courier batch-size decisions, Prometheus metrics and the OpenAPI description ({@code openapi.json} beside this
 * class). A bad request is answered with {@code {"error": "..."}} and a 4xx status before any predictor is
 * called; an unexpected failure inside a predictor is a 500 for that request only.
 */
public final class StepcastServer implements AutoCloseable {
    /** Largest request body accepted (1 MiB); a larger one is answered 413 without being read further. */
    public static final long MAX_BODY_BYTES = 1L << 20;
    private static final String JSON = "application/json";
    private static final String OPENAPI = "openapi.json";

    private final ObjectMapper json = new ObjectMapper()
            .enable(JsonParser.Feature.STRICT_DUPLICATE_DETECTION)
            .enable(DeserializationFeature.FAIL_ON_TRAILING_TOKENS);
    private final ServedPredictors predictors;
    private final Answers answers;
    private final RequestMetrics metrics = new RequestMetrics();
    private final String openapi;
    private final Javalin app;

    private StepcastServer(ServedPredictors predictors) {
        this.predictors = Objects.requireNonNull(predictors, "predictors");
        this.answers = new Answers(predictors, json);
        this.openapi = resource(OPENAPI);
        this.app = Javalin.create(cfg -> {
            cfg.startup.showJavalinBanner = false;
            cfg.startup.showOldJavalinVersionWarning = false;
            cfg.http.maxRequestSize = MAX_BODY_BYTES;
            cfg.routes.get("/v1/health", timed("/v1/health", ctx -> send(ctx, 200, Map.of("status", "ok"))));
            cfg.routes.get("/v1/predictors", timed("/v1/predictors", ctx -> send(ctx, 200, predictors.listing())));
            cfg.routes.post("/v1/predict", timed("/v1/predict", ctx -> send(ctx, 200, answers.predict(body(ctx)))));
            cfg.routes.post("/v1/select-batch",
                    timed("/v1/select-batch", ctx -> send(ctx, 200, answers.selectBatch(body(ctx)))));
            cfg.routes.get("/v1/openapi.json", timed("/v1/openapi.json",
                    ctx -> ctx.status(200).contentType(JSON).result(openapi)));
            cfg.routes.get("/metrics", timed("/metrics",
                    ctx -> ctx.status(200).contentType("text/plain; version=0.0.4; charset=utf-8")
                            .result(metrics.scrape())));
            // Unknown paths and methods: the same error shape as every other refusal.
            cfg.routes.exception(HttpResponseException.class,
                    (e, ctx) -> error(ctx, e.getStatus(), e.getMessage() == null ? "not found" : e.getMessage()));
        });
    }

    /**
     * Starts the service on {@code host:port} ({@code port} 0 picks a free port; see {@link #port()}).
     *
     * @param predictors what it answers with, fitted and loaded beforehand
     */
    public static StepcastServer start(ServedPredictors predictors, String host, int port) {
        StepcastServer s = new StepcastServer(predictors);
        s.app.start(host, port);
        return s;
    }

    /** The port it listens on. */
    public int port() {
        return app.port();
    }

    /** What it answers with. */
    public ServedPredictors predictors() {
        return predictors;
    }

    /** Stops the server and waits for it. */
    @Override
    public void close() {
        app.stop();
    }

    private Handler timed(String route, Handler handler) {
        return ctx -> {
            long start = System.nanoTime();
            try {
                handler.handle(ctx);
            } catch (ApiException e) {
                error(ctx, e.status(), e.getMessage());
            } catch (HttpResponseException e) {
                error(ctx, e.getStatus(), e.getStatus() == 413 ? tooLarge() : e.getMessage());
            } catch (RuntimeException e) {
                // A predictor broke its contract: answer this request, keep serving the others.
                error(ctx, 500, "internal error: " + e);
            } finally {
                metrics.record(ctx.method().name(), route, ctx.statusCode(), System.nanoTime() - start);
            }
        };
    }

    private JsonNode body(Context ctx) {
        String length = ctx.header("Content-Length");
        if (length != null) {
            try {
                if (Long.parseLong(length.strip()) > MAX_BODY_BYTES) {
                    throw new ApiException(413, tooLarge());
                }
            } catch (NumberFormatException e) {
                throw ApiException.badRequest("header 'Content-Length' is not a number");
            }
        }
        byte[] bytes = ctx.bodyAsBytes();
        if (bytes.length == 0) {
            throw ApiException.badRequest("the body is empty: send a JSON object");
        }
        try {
            return json.readTree(bytes);
        } catch (JsonProcessingException e) {
            throw ApiException.badRequest("malformed JSON: " + e.getOriginalMessage().replace('\n', ' '));
        } catch (IOException e) {
            throw ApiException.badRequest("unreadable body: " + e.getMessage());
        }
    }

    private static String tooLarge() {
        return "the body is larger than " + MAX_BODY_BYTES + " bytes";
    }

    private void send(Context ctx, int status, Object value) throws JsonProcessingException {
        ctx.status(status).contentType(JSON).result(json.writeValueAsBytes(value));
    }

    private void error(Context ctx, int status, String message) {
        try {
            send(ctx, status, Map.of("error", message));
        } catch (JsonProcessingException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String resource(String name) {
        try (InputStream in = StepcastServer.class.getResourceAsStream(name)) {
            if (in == null) {
                throw new IllegalStateException(name + " is missing from the serve module's resources");
            }
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
