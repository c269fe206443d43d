package io.stepcast.datasets.kineto;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.io.TraceInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.Map;

/**
 * Streams a PyTorch profiler trace ({@code {"schemaVersion": 1, "deviceProperties": [...], "distributedInfo":
 * {...}, "traceEvents": [...]}}, plain or gzipped) with Jackson's streaming parser: one event in memory at a time,
 * whatever the file size. Top-level metadata go to {@link Handler#metadata}, events to {@link Handler#event}.
 */
final class KinetoParser {
    private static final JsonFactory JSON = new JsonFactory();

    /** Receives what the parser finds. */
    interface Handler {
        /** One event; the object is reused for the next. */
        void event(KinetoEvent e) throws IOException;

        /** A GPU of {@code deviceProperties}. */
        default void device(long id, String name) {
        }

        /** {@code distributedInfo}: rank and world size (-1 where absent). */
        default void distributed(long rank, long worldSize) {
        }
    }

    private final Path file;
    private final String where;

    KinetoParser(Path file) {
        this.file = file;
        this.where = file.toString();
    }

    /** Reads the whole file. */
    void read(Handler h) throws IOException {
        if (Files.size(file) == 0) {
            throw new DataFormatException(where, "the file is empty (a PyTorch profiler trace was expected)");
        }
        try (InputStream in = TraceInput.open(file); JsonParser p = JSON.createParser(in)) {
            try {
                if (p.nextToken() != JsonToken.START_OBJECT) {
                    throw located(p, "not a PyTorch profiler trace: expected a JSON object with a traceEvents array");
                }
                boolean found = false;
                while (p.nextToken() == JsonToken.FIELD_NAME) {
                    String field = p.currentName();
                    JsonToken t = p.nextToken();
                    switch (field) {
                        case "traceEvents" -> {
                            if (t != JsonToken.START_ARRAY) {
                                throw located(p, "field traceEvents: expected an array");
                            }
                            found = true;
                            events(p, h);
                        }
                        case "deviceProperties" -> devices(p, t, h);
                        case "distributedInfo" -> distributed(p, t, h);
                        default -> p.skipChildren();
                    }
                }
                if (!found) {
                    throw new DataFormatException(where, "not a PyTorch profiler trace: no traceEvents array");
                }
            } catch (JsonEOFException ex) {
                throw located(p, "the JSON ends too early (truncated file?)");
            } catch (JsonParseException ex) {
                throw located(p, "not valid JSON: " + ex.getOriginalMessage());
            }
        }
    }

    private void devices(JsonParser p, JsonToken t, Handler h) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return;
        }
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            Map<String, String> device = scalars(p, t);
            if (device.containsKey("name")) {
                h.device(parseLong(device.get("id")), device.get("name"));
            }
        }
    }

    private void distributed(JsonParser p, JsonToken t, Handler h) throws IOException {
        Map<String, String> info = scalars(p, t);
        h.distributed(parseLong(info.get("rank")), parseLong(info.get("world_size")));
    }

    /** The scalar fields of the object at {@code t} as text (nested values skipped); empty for a non-object. */
    private static Map<String, String> scalars(JsonParser p, JsonToken t) throws IOException {
        Map<String, String> fields = new HashMap<>();
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return fields;
        }
        fields(p, (f, v) -> {
            if (v.isScalarValue()) {
                fields.put(f, p.getValueAsString());
            } else {
                p.skipChildren();
            }
        });
        return fields;
    }

    private static long parseLong(String s) {
        try {
            return s == null ? -1 : Long.parseLong(s.trim());
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** Receives one field of an object: its name and the token of its value. */
    @FunctionalInterface
    private interface FieldHandler {
        void field(String name, JsonToken value) throws IOException;
    }

    /** Hands every field of the current object to {@code h}, which reads or skips its value. */
    private static void fields(JsonParser p, FieldHandler h) throws IOException {
        while (p.nextToken() == JsonToken.FIELD_NAME) {
            String f = p.currentName();
            h.field(f, p.nextToken());
        }
    }

    private void events(JsonParser p, Handler h) throws IOException {
        KinetoEvent e = new KinetoEvent();
        JsonToken t;
        while ((t = p.nextToken()) != JsonToken.END_ARRAY) {
            if (t == null) {
                throw located(p, "the JSON ends too early (truncated file?)");
            }
            if (t != JsonToken.START_OBJECT) {
                throw located(p, "traceEvents: expected event objects, found " + t);
            }
            e.reset();
            var loc = p.currentTokenLocation();
            e.line = loc.getLineNr();
            e.column = loc.getColumnNr();
            fields(p, (f, v) -> {
                switch (f) {
                    case "ph" -> e.ph = text(p, v);
                    case "cat" -> e.cat = text(p, v);
                    case "name" -> e.name = text(p, v);
                    case "pid" -> e.pid = id(p, v);
                    case "tid" -> e.tid = id(p, v);
                    case "ts" -> e.ts = number(p, v, "ts");
                    case "dur" -> e.dur = number(p, v, "dur");
                    case "id" -> e.id = id(p, v);
                    case "args" -> args(p, v, e);
                    default -> p.skipChildren();
                }
            });
            h.event(e);
        }
    }

    private void args(JsonParser p, JsonToken t, KinetoEvent e) throws IOException {
        if (t != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        fields(p, (f, v) -> {
            switch (f) {
                case "correlation" -> e.correlation = whole(p, v);
                case "stream" -> e.stream = whole(p, v);
                case "device" -> e.device = whole(p, v);
                case "bytes" -> e.bytes = whole(p, v);
                case "Collective name" -> e.collectiveName = text(p, v);
                case "In msg nelems" -> e.inElements = whole(p, v);
                case "dtype" -> e.dtype = text(p, v);
                case "Input Dims" -> e.firstInputElements = firstDims(p, v);
                case "Input type" -> e.firstInputType = firstString(p, v);
                default -> p.skipChildren();
            }
        });
    }

    /** Product of the first list of {@code [[d0, d1, ...], ...]}; -1 when absent or empty. */
    private static long firstDims(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return -1;
        }
        long product = -1;
        JsonToken first = p.nextToken();
        if (first == JsonToken.START_ARRAY) {
            JsonToken d;
            while ((d = p.nextToken()) == JsonToken.VALUE_NUMBER_INT) {
                product = (product < 0 ? 1 : product) * p.getLongValue();
            }
            if (d != JsonToken.END_ARRAY) {
                p.skipChildren();
            }
        } else if (first != JsonToken.END_ARRAY) {
            p.skipChildren();
        }
        if (first != JsonToken.END_ARRAY) {
            while (p.nextToken() != JsonToken.END_ARRAY) {
                p.skipChildren();
            }
        }
        return product;
    }

    private static String firstString(JsonParser p, JsonToken t) throws IOException {
        if (t != JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        String s = null;
        JsonToken v;
        boolean first = true;
        while ((v = p.nextToken()) != JsonToken.END_ARRAY) {
            if (first && v == JsonToken.VALUE_STRING) {
                s = p.getText();
            }
            first = false;
            p.skipChildren();
        }
        return s;
    }

    private static String text(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        return p.getValueAsString();
    }

    private static long whole(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (v == JsonToken.VALUE_NUMBER_FLOAT) {
            return (long) p.getDoubleValue();
        }
        p.skipChildren();
        return -1;
    }

    private static long id(JsonParser p, JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            return p.getLongValue();
        }
        if (v == JsonToken.VALUE_STRING) {
            return p.getText().hashCode();
        }
        p.skipChildren();
        return 0;
    }

    /** A time field: Kineto writes numbers of microseconds; a negative duration is refused. */
    private double number(JsonParser p, JsonToken v, String field) throws IOException {
        if (v != JsonToken.VALUE_NUMBER_INT && v != JsonToken.VALUE_NUMBER_FLOAT) {
            throw located(p, "field " + field + ": expected a number of microseconds, found " + v);
        }
        double d = p.getDoubleValue();
        if (!Double.isFinite(d) || d < 0 && field.equals("dur")) {
            throw located(p, "field " + field + ": " + (d < 0 ? "negative duration " : "not a finite number ") + d);
        }
        return d;
    }

    private DataFormatException located(JsonParser p, String problem) {
        var loc = p.currentLocation();
        return new DataFormatException(where + ":" + loc.getLineNr() + ":" + loc.getColumnNr(), problem);
    }
}
