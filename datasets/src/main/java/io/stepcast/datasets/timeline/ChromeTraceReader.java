package io.stepcast.datasets.timeline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.base.ParserBase;
import com.fasterxml.jackson.core.io.JsonEOFException;
import io.stepcast.datasets.io.DataFormatException;

import java.io.BufferedInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.zip.GZIPInputStream;

/**
 * Streams the events of a Chrome trace JSON file ({@code {"traceEvents": [...]}}, optionally gzipped) with
 * Jackson's streaming parser: one event in memory at a time, whatever the file size. Only the fields
 * TensorFlow timelines use are read; everything else is skipped without being built.
 */
final class ChromeTraceReader {
    private static final JsonFactory JSON = JsonFactory.builder().build();

    /** Receives events; may stop the reading by throwing. */
    interface Handler {
        void event(TraceEvent e) throws IOException;
    }

    private ChromeTraceReader() {
    }

    /**
     * Reads every event of {@code file}.
     *
     * @throws DataFormatException when the file is empty, not JSON, truncated or not a Chrome trace, naming the
     *                             file, line and column
     */
    static void read(Path file, Handler handler) throws IOException {
        String where = file.toString();
        if (Files.size(file) == 0) {
            throw new DataFormatException(where, "the file is empty (a Chrome trace {\"traceEvents\": [...]} was expected)");
        }
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             InputStream in = gzipped(raw);
             JsonParser p = JSON.createParser(in)) {
            TraceEvent e = new TraceEvent();
            try {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw located(where, p, "not a Chrome trace: expected a JSON object with a traceEvents array");
                }
                boolean found = false;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken t = p.nextToken();
                    if ("traceEvents".equals(field)) {
                        if (t != JsonToken.START_ARRAY) {
                            throw located(where, p, "field traceEvents: expected an array");
                        }
                        found = true;
                        readEvents(p, e, handler, where);
                    } else {
                        p.skipChildren();
                    }
                }
                if (!found) {
                    throw new DataFormatException(where, "not a Chrome trace: no traceEvents array");
                }
            } catch (JsonEOFException ex) {
                throw located(where, p, "the JSON ends too early (truncated file?)");
            } catch (JsonParseException ex) {
                throw located(where, p, "not valid JSON: " + ex.getOriginalMessage());
            }
        }
    }

    /**
     * The scalar fields of the trace's top-level {@code otherData} object (Chrome trace metadata; stepcast's
     * profiler writes the model and local batch there), skipping the events without building them.
     * Empty when the file has no such object.
     */
    static java.util.Map<String, String> otherData(Path file) throws IOException {
        java.util.Map<String, String> fields = new java.util.LinkedHashMap<>();
        try (InputStream raw = new BufferedInputStream(Files.newInputStream(file), 1 << 16);
             InputStream in = gzipped(raw);
             JsonParser p = JSON.createParser(in)) {
            if (p.nextToken() != JsonToken.START_OBJECT) {
                return fields;
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String field = p.currentName();
                JsonToken t = p.nextToken();
                if ("otherData".equals(field) && t == JsonToken.START_OBJECT) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String key = p.currentName();
                        if (p.nextToken().isScalarValue()) {
                            fields.put(key, p.getValueAsString());
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
            }
        } catch (JsonParseException ex) {
            // A malformed file is reported by read(), which names the line; metadata is optional.
        }
        return fields;
    }

    private static InputStream gzipped(InputStream in) throws IOException {
        in.mark(2);
        int b1 = in.read();
        int b2 = in.read();
        in.reset();
        return b1 == 0x1f && b2 == 0x8b ? new BufferedInputStream(new GZIPInputStream(in, 1 << 16), 1 << 16) : in;
    }

    private static void readEvents(JsonParser p, TraceEvent e, Handler handler, String where) throws IOException {
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw located(where, p, "the JSON ends too early (truncated file?)");
            }
            if (t != JsonToken.START_OBJECT) {
                throw located(where, p, "traceEvents: expected event objects, found " + t);
            }
            e.reset();
            if (p instanceof ParserBase base) {
                e.line = base.getTokenLineNr();
                e.column = base.getTokenColumnNr();
            } else {
                e.line = p.currentTokenLocation().getLineNr();
                e.column = p.currentTokenLocation().getColumnNr();
            }
            while (p.nextToken() == JsonToken.FIELD_NAME) {
                String f = p.currentName();
                JsonToken v = p.nextToken();
                switch (f) {
                    case "ph" -> e.ph = p.getText();
                    case "name" -> e.name = v == JsonToken.VALUE_STRING ? p.getText() : p.getValueAsString();
                    case "pid" -> e.pid = intValue(p, v, where, "pid");
                    case "tid" -> e.tid = intValue(p, v, where, "tid");
                    case "ts" -> e.ts = number(p, v, where, "ts");
                    case "dur" -> e.dur = number(p, v, where, "dur");
                    case "args" -> readArgs(p, v, e);
                    default -> p.skipChildren();
                }
            }
            handler.event(e);
        }
    }

    private static void readArgs(JsonParser p, JsonToken v, TraceEvent e) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_OBJECT) {
                if (f.equals("snapshot")) {
                    while (p.nextToken() == JsonToken.FIELD_NAME) {
                        String g = p.currentName();
                        JsonToken u = p.nextToken();
                        if (g.equals("tensor_description") && u == JsonToken.VALUE_STRING) {
                            e.tensorBytes = TimelineConverter.bytesOf(p.getTextCharacters(), p.getTextOffset(),
                                    p.getTextLength());
                        } else {
                            p.skipChildren();
                        }
                    }
                } else {
                    p.skipChildren();
                }
                continue;
            }
            if (t == JsonToken.START_ARRAY) {
                p.skipChildren();
                continue;
            }
            switch (f) {
                case "name" -> e.argName = p.getValueAsString();
                case "op" -> e.argOp = p.getValueAsString();
                case "long_name" -> e.argLongName = p.getValueAsString();
                case "tf_op" -> e.argTfOp = p.getValueAsString();
                default -> {
                    if (f.length() > 5 && f.startsWith("input")) {
                        int k = inputIndex(f);
                        if (k >= 0) {
                            e.input(k, p.getValueAsString());
                        }
                    }
                }
            }
        }
    }

    private static int inputIndex(String f) {
        int k = 0;
        for (int i = 5; i < f.length(); i++) {
            char c = f.charAt(i);
            if (c < '0' || c > '9' || k > 100_000) {
                return -1;
            }
            k = k * 10 + (c - '0');
        }
        return k;
    }

    private static int intValue(JsonParser p, JsonToken v, String where, String field) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            return p.getIntValue();
        }
        if (v == JsonToken.VALUE_STRING) {
            // Some tools write pid/tid as strings; keep them apart by hash.
            return p.getText().hashCode();
        }
        throw located(where, p, "field " + field + ": expected a number");
    }

    private static double number(JsonParser p, JsonToken v, String where, String field) throws IOException {
        double d;
        if (v == JsonToken.VALUE_NUMBER_INT || v == JsonToken.VALUE_NUMBER_FLOAT) {
            d = p.getDoubleValue();
        } else if (v == JsonToken.VALUE_STRING) {
            try {
                d = Double.parseDouble(p.getText());
            } catch (NumberFormatException ex) {
                throw located(where, p, "field " + field + ": not a number: '" + p.getText() + "'");
            }
        } else {
            throw located(where, p, "field " + field + ": expected a number of microseconds");
        }
        if (!Double.isFinite(d) || d < 0) {
            throw located(where, p, "field " + field + ": a time must not be negative, was " + d);
        }
        return d;
    }

    static DataFormatException located(String where, JsonParser p, String problem) {
        var loc = p.currentLocation();
        return new DataFormatException(where + ":" + loc.getLineNr() + ":" + loc.getColumnNr(), problem);
    }
}
