package io.stepcast.queueing.simulation;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * Collects a synthetic multi-worker execution and writes it in the Chrome trace event format, which
 * Perfetto and {@code chrome://tracing} open: a JSON object with {@code traceEvents}, complete events
 * ({@code ph: "X"}, microseconds) and metadata events naming every process and thread. Process {@code w + 1}
 * is worker {@code w} with one thread per compute stream; the last process is the network with one thread per
 * link (NIC or bus, per direction). At most {@code maxEvents} spans are kept, the earliest ones, so that a long
 * run cannot exhaust memory; {@link #dropped()} says how many were left out.
 */
public final class ChromeTrace implements TraceSink {
    private record Span(int pid, int tid, String name, String cat, double startS, double endS) {
    }

    private final int maxEvents;
    private final List<Span> spans = new ArrayList<>();
    private final Map<Integer, String> linkNames = new TreeMap<>();
    private final Map<Integer, Integer> streamsPerWorker = new TreeMap<>();
    private long dropped;

    /** @param maxEvents most spans kept */
    public ChromeTrace(int maxEvents) {
        this.maxEvents = maxEvents;
    }

    @Override
    public void compute(int worker, int stream, String op, double startS, double endS) {
        streamsPerWorker.merge(worker, stream + 1, Math::max);
        add(new Span(worker + 1, stream, op, "compute", startS, endS));
    }

    @Override
    public void transfer(int link, String linkName, String what, double startS, double endS) {
        linkNames.putIfAbsent(link, linkName);
        add(new Span(-1, link, what, "transfer", startS, endS));
    }

    private void add(Span s) {
        if (spans.size() < maxEvents) {
            spans.add(s);
        } else {
            dropped++;
        }
    }

    /** Spans kept. */
    public int size() {
        return spans.size();
    }

    /** Spans left out beyond {@code maxEvents}. */
    public long dropped() {
        return dropped;
    }

    /** Writes the trace to {@code file} through a temporary file moved into place. */
    public void write(Path file) throws IOException {
        Path dir = file.toAbsolutePath().getParent();
        if (dir != null) {
            Files.createDirectories(dir);
        }
        Path tmp = Files.createTempFile(dir, file.getFileName().toString(), ".tmp");
        try {
            try (OutputStream out = Files.newOutputStream(tmp)) {
                write(out);
            }
            Files.move(tmp, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
        } finally {
            Files.deleteIfExists(tmp);
        }
    }

    /** Writes the trace JSON to a stream (left open). */
    public void write(OutputStream out) throws IOException {
        int networkPid = streamsPerWorker.keySet().stream().mapToInt(Integer::intValue).max().orElse(-1) + 2;
        try (JsonGenerator g = new JsonFactory().createGenerator(out, JsonEncoding.UTF8)) {
            g.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
            g.writeStartObject();
            g.writeStringField("displayTimeUnit", "ms");
            g.writeArrayFieldStart("traceEvents");
            for (Map.Entry<Integer, Integer> w : streamsPerWorker.entrySet()) {
                meta(g, "process_name", w.getKey() + 1, 0, "worker " + w.getKey());
                for (int s = 0; s < w.getValue(); s++) {
                    meta(g, "thread_name", w.getKey() + 1, s, "compute stream " + s);
                }
            }
            if (!linkNames.isEmpty()) {
                meta(g, "process_name", networkPid, 0, "network");
                for (Map.Entry<Integer, String> l : linkNames.entrySet()) {
                    meta(g, "thread_name", networkPid, l.getKey(), l.getValue());
                }
            }
            for (Span s : spans) {
                g.writeStartObject();
                g.writeStringField("name", s.name());
                g.writeStringField("cat", s.cat());
                g.writeStringField("ph", "X");
                g.writeNumberField("ts", s.startS() * 1e6);
                g.writeNumberField("dur", Math.max(0, (s.endS() - s.startS()) * 1e6));
                g.writeNumberField("pid", s.pid() < 0 ? networkPid : s.pid());
                g.writeNumberField("tid", s.tid());
                g.writeEndObject();
            }
            g.writeEndArray();
            g.writeEndObject();
        }
    }

    private static void meta(JsonGenerator g, String kind, int pid, int tid, String name) throws IOException {
        g.writeStartObject();
        g.writeStringField("name", kind);
        g.writeStringField("ph", "M");
        g.writeNumberField("pid", pid);
        g.writeNumberField("tid", tid);
        g.writeObjectFieldStart("args");
        g.writeStringField("name", name);
        g.writeEndObject();
        g.writeEndObject();
    }
}
