package io.stepcast.datasets.timeline;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.core.util.BufferRecycler;
import com.fasterxml.jackson.core.util.RecyclerPool;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.io.TraceInput;

import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Streams the events of a Chrome trace JSON file ({@code {"traceEvents": [...]}}, optionally gzipped) with
 * Jackson's streaming parser: one event in memory at a time, whatever the file size. Only the fields
 * TensorFlow timelines use are read; everything else is skipped without being built.
 */
final class ChromeTraceReader {
    /**
     * Jackson with a 64 KB input buffer (its default is 8,000 bytes), filled straight from the file: no
     * {@code BufferedInputStream} copy in between and an eighth of the refills.
     */
    private static final JsonFactory JSON = JsonFactory.builder().recyclerPool(new LargeReadBuffers()).build();

    /** Hands Jackson buffer recyclers whose read buffer is 64 KB; nothing is pooled (one parser per file). */
    private static final class LargeReadBuffers implements RecyclerPool<BufferRecycler> {
        private static final long serialVersionUID = 1L;

        @Override
        public BufferRecycler acquirePooled() {
            return new BufferRecycler() {
                @Override
                protected int byteBufferLength(int ix) {
                    return ix == BYTE_READ_IO_BUFFER ? 1 << 16 : super.byteBufferLength(ix);
                }
            };
        }

        @Override
        public void releasePooled(BufferRecycler recycler) {
            // not pooled: the recycler and its buffers go with the parser
        }
    }

    /** Receives events; may stop the reading by throwing. */
    interface Handler {
        void event(TraceEvent e) throws IOException;
    }

    /**
     * Receives filled events and says which object to fill next: a consumer that keeps events (a queue to another
     * thread) hands out objects of its own instead of copying each event.
     */
    interface Filler {
        /** Takes the filled event {@code e}; returns the object to fill with the next event. */
        TraceEvent filled(TraceEvent e) throws IOException;
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
        read(file, new TraceEvent(), e -> {
            handler.event(e);
            return e;
        });
    }

    /**
     * Reads every event of {@code file} into the objects {@code filler} hands out, starting with {@code first}.
     *
     * @throws DataFormatException as {@link #read(Path, Handler)}
     */
    static void read(Path file, TraceEvent first, Filler filler) throws IOException {
        String where = file.toString();
        if (Files.size(file) == 0) {
            throw new DataFormatException(where, "the file is empty (a Chrome trace {\"traceEvents\": [...]} was expected)");
        }
        try (InputStream in = open(file);
             JsonParser p = JSON.createParser(in)) {
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
                        new EventParser(p, where).readEvents(first, filler);
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
    static Map<String, String> otherData(Path file) throws IOException {
        Map<String, String> fields = new LinkedHashMap<>();
        try (InputStream in = open(file);
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

    /** The file's bytes, decompressed when gzipped ({@link TraceInput}). */
    private static InputStream open(Path file) throws IOException {
        return TraceInput.open(file);
    }

    static DataFormatException located(String where, JsonParser p, String problem) {
        var loc = p.currentLocation();
        return new DataFormatException(where + ":" + loc.getLineNr() + ":" + loc.getColumnNr(), problem);
    }
}
