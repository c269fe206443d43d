package io.stepcast.queueing.cli;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.stepcast.api.collective.Placement;
import io.stepcast.queueing.simulation.CollectiveReplay;
import io.stepcast.queueing.simulation.ThroughputEstimate;

import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What {@code stepcast simulate} prints for its results, as a table or as JSON: throughput per worker count
 * (parameter servers, and all-reduce with each count's nodes) and the steps of a data-parallel trace's replay,
 * exact or bounded. Apart from the command so that the command only validates, runs and hands over.
 *
 * @param localBatch samples per worker and step, which turns steps/s into samples/s
 */
record SimulateOutput(int localBatch) {
    /**
     * The throughput table under its {@code header}: workers, the nodes when {@code placements} is not null, steps
     * summed over the workers (as {@link ThroughputEstimate} holds them: a synchronous step of W workers is W),
     * samples/s and their spread over the seeds.
     */
    void throughputTable(PrintWriter out, String header, List<ThroughputEstimate> points, List<Placement> placements) {
        out.println(header);
        if (placements == null) {
            out.printf(Locale.ROOT, "%8s %15s %14s %18s%n", "workers", "worker-steps/s", "samples/s",
                    "spread (sd, seeds)");
        } else {
            out.printf(Locale.ROOT, "%8s %6s %15s %14s %18s%n", "workers", "nodes", "worker-steps/s", "samples/s",
                    "spread (sd, seeds)");
        }
        for (int i = 0; i < points.size(); i++) {
            ThroughputEstimate e = points.get(i);
            if (placements == null) {
                out.printf(Locale.ROOT, "%8d %15.3f %14.2f %18.2f%n", e.workers(), e.stepsPerS(),
                        e.samplesPerS(localBatch), e.spread() * localBatch);
            } else {
                out.printf(Locale.ROOT, "%8d %6d %15.3f %14.2f %18.2f%n", e.workers(), placements.get(i).nodes(),
                        e.stepsPerS(), e.samplesPerS(localBatch), e.spread() * localBatch);
            }
        }
    }

    /**
     * Prints the throughput points and flushes: as JSON ({@link #throughputJson}), or as the table under
     * {@code header} ({@link #throughputTable}) followed by {@code note}, which only a reader of the table is told.
     */
    void printThroughput(PrintWriter out, boolean json, String header, List<ThroughputEstimate> points,
                         List<Placement> placements, Optional<String> note) throws IOException {
        if (json) {
            out.println(throughputJson(points, placements));
        } else {
            throughputTable(out, header, points, placements);
            note.ifPresent(out::println);
        }
        out.flush();
    }

    /** The throughput points as JSON ({@code {"points": [...]}}), with each count's nodes when placements are given. */
    String throughputJson(List<ThroughputEstimate> points, List<Placement> placements) throws IOException {
        StringWriter sw = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(sw)) {
            g.writeStartObject();
            g.writeArrayFieldStart("points");
            for (int i = 0; i < points.size(); i++) {
                ThroughputEstimate e = points.get(i);
                g.writeStartObject();
                g.writeNumberField("workers", e.workers());
                if (placements != null) {
                    g.writeNumberField("nodes", placements.get(i).nodes());
                }
                g.writeNumberField("steps_per_s", e.stepsPerS());
                g.writeNumberField("samples_per_s", e.samplesPerS(localBatch));
                g.writeNumberField("spread", e.spread() * localBatch);
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return sw.toString();
    }

    /** The replay's table under its {@code header}: an exact step per count, or a range where bytes were estimated. */
    void replayTable(PrintWriter out, String header, List<Integer> workers, List<CollectiveReplay.StepBounds> steps,
                     List<Placement> placements) {
        out.println(header);
        out.printf(Locale.ROOT, "%8s %6s %12s %15s %14s%n", "workers", "nodes", "step (s)", "worker-steps/s",
                "samples/s");
        for (int i = 0; i < steps.size(); i++) {
            CollectiveReplay.StepBounds b = steps.get(i);
            int w = workers.get(i);
            if (b.exact()) {
                out.printf(Locale.ROOT, "%8d %6d %12.6f %15.3f %14.2f%n", w, placements.get(i).nodes(),
                        b.lowSeconds(), w / b.lowSeconds(), w / b.lowSeconds() * localBatch);
            } else {
                out.printf(Locale.ROOT, "%8d %6d %s %s %s  bounded (estimated bytes)%n", w,
                        placements.get(i).nodes(),
                        range("%.6f", b.lowSeconds(), b.highSeconds()),
                        range("%.3f", w / b.highSeconds(), w / b.lowSeconds()),
                        range("%.2f", w / b.highSeconds() * localBatch, w / b.lowSeconds() * localBatch));
            }
        }
    }

    /**
     * The replay's points: an exact one as the other modes write it, plus {@code step_s}; a bounded one without a
     * point, its {@code step_s}, {@code steps_per_s} and {@code samples_per_s} as {@code {"low", "high"}} and
     * {@code bounded: true}; and, once, how many of the step's collectives had their bytes estimated.
     */
    String replayJson(List<Integer> workers, List<CollectiveReplay.StepBounds> steps, List<Placement> placements,
                      int collectives, long estimated) throws IOException {
        StringWriter sw = new StringWriter();
        try (JsonGenerator g = new JsonFactory().createGenerator(sw)) {
            g.writeStartObject();
            g.writeObjectFieldStart("collective_bytes");
            g.writeNumberField("collectives_per_step", collectives);
            g.writeNumberField("estimated", estimated);
            g.writeBooleanField("bytes_estimated", estimated > 0);
            g.writeEndObject();
            g.writeArrayFieldStart("points");
            for (int i = 0; i < steps.size(); i++) {
                CollectiveReplay.StepBounds b = steps.get(i);
                int w = workers.get(i);
                g.writeStartObject();
                g.writeNumberField("workers", w);
                g.writeNumberField("nodes", placements.get(i).nodes());
                if (b.exact()) {
                    g.writeNumberField("step_s", b.lowSeconds());
                    g.writeNumberField("steps_per_s", w / b.lowSeconds());
                    g.writeNumberField("samples_per_s", w / b.lowSeconds() * localBatch);
                    g.writeNumberField("spread", 0.0);
                } else {
                    g.writeBooleanField("bounded", true);
                    lowHigh(g, "step_s", b.lowSeconds(), b.highSeconds());
                    lowHigh(g, "steps_per_s", w / b.highSeconds(), w / b.lowSeconds());
                    lowHigh(g, "samples_per_s", w / b.highSeconds() * localBatch, w / b.lowSeconds() * localBatch);
                }
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
        return sw.toString();
    }

    private static String range(String format, double low, double high) {
        return String.format(Locale.ROOT, format, low) + ".." + String.format(Locale.ROOT, format, high);
    }

    private static void lowHigh(JsonGenerator g, String field, double low, double high) throws IOException {
        g.writeObjectFieldStart(field);
        g.writeNumberField("low", low);
        g.writeNumberField("high", high);
        g.writeEndObject();
    }
}
