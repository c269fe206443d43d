package io.stepcast.serve;

import io.micrometer.core.instrument.Timer;
import io.micrometer.prometheusmetrics.PrometheusConfig;
import io.micrometer.prometheusmetrics.PrometheusMeterRegistry;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * Request counts and latency histograms of the service in Micrometer's Prometheus registry, one series per
 * (method, route, status). Routes are the service's own paths, never the raw request path, so that the number
 * of series stays bounded whatever clients send.
 */
final class RequestMetrics {
    /** Metric name; Prometheus shows {@code stepcast_http_requests_seconds_bucket/_count/_sum}. */
    static final String NAME = "stepcast.http.requests";
    /** Bucket bounds: decisions take microseconds to milliseconds, a slow fit-free answer well under a second. */
    private static final Duration[] BUCKETS = {Duration.ofNanos(250_000), Duration.ofNanos(500_000),
        Duration.ofMillis(1), Duration.ofMillis(2), Duration.ofMillis(5), Duration.ofMillis(10), Duration.ofMillis(25),
        Duration.ofMillis(50), Duration.ofMillis(100), Duration.ofMillis(250), Duration.ofMillis(500),
        Duration.ofSeconds(1), Duration.ofSeconds(5)};

    private final PrometheusMeterRegistry registry = new PrometheusMeterRegistry(PrometheusConfig.DEFAULT);

    /** Records one answered request. */
    void record(String method, String route, int status, long nanos) {
        Timer.builder(NAME)
                .description("HTTP requests answered by stepcast serve")
                .tag("method", method).tag("route", route).tag("status", Integer.toString(status))
                .serviceLevelObjectives(BUCKETS)
                .register(registry)
                .record(nanos, TimeUnit.NANOSECONDS);
    }

    /** Every metric in the Prometheus text format. */
    String scrape() {
        return registry.scrape();
    }
}
