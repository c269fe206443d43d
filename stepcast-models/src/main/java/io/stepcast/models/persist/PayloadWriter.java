package io.stepcast.models.persist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.Base64;
import java.util.Collection;
import java.util.Map;

/**
 * Writes an envelope field by field: {@link #envelope} opens one with its {@link EnvelopeHeader}, typed methods add
 * named fields, {@link #object} and {@link #element} nest objects, {@link #bytes} gives the finished envelope. A
 * double is written as a JSON number by {@link Double#toString}, which reads back to the same bits (NaN and the
 * infinities, which JSON has no number for, as the strings {@code "NaN"}, {@code "Infinity"} and
 * {@code "-Infinity"}); bytes that are not JSON (a Tribuo model, a payload of a format from before the envelope) as
 * Base64 text. Each field is written once: writing a name twice is a programming error.
 */
public final class PayloadWriter {
    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private final ObjectNode node;

    private PayloadWriter(ObjectNode node) {
        this.node = node;
    }

    /** A new envelope of {@code format} at {@code version}: its first two fields are the header. */
    public static PayloadWriter envelope(String format, int version) {
        EnvelopeHeader header = new EnvelopeHeader(format, version);
        ObjectNode root = NODES.objectNode();
        root.put("format", header.format());
        root.put("version", header.version());
        return new PayloadWriter(root);
    }

    /** Adds a string. */
    public PayloadWriter text(String name, String value) {
        return put(name, NODES.textNode(value));
    }

    /** Adds an integer. */
    public PayloadWriter integer(String name, long value) {
        return put(name, NODES.numberNode(value));
    }

    /** Adds a double, exactly. */
    public PayloadWriter number(String name, double value) {
        return put(name, number(value));
    }

    /** Adds a boolean. */
    public PayloadWriter flag(String name, boolean value) {
        return put(name, NODES.booleanNode(value));
    }

    /** Adds an array of doubles, exactly. */
    public PayloadWriter numbers(String name, double[] values) {
        ArrayNode a = NODES.arrayNode(values.length);
        for (double v : values) {
            a.add(number(v));
        }
        return put(name, a);
    }

    /** Adds an array of strings, in the collection's order. */
    public PayloadWriter texts(String name, Collection<String> values) {
        ArrayNode a = NODES.arrayNode(values.size());
        values.forEach(a::add);
        return put(name, a);
    }

    /** Adds an object of strings, in the map's order. */
    public PayloadWriter textMap(String name, Map<String, String> values) {
        ObjectNode o = NODES.objectNode();
        values.forEach(o::put);
        return put(name, o);
    }

    /** Adds bytes as Base64 text. */
    public PayloadWriter binary(String name, byte[] bytes) {
        return text(name, Base64.getEncoder().encodeToString(bytes));
    }

    /**
     * Adds another payload: an envelope as the object it is, so that it stays readable; any other bytes as Base64
     * text. {@link PayloadReader#embedded} gives back {@link #canonical} of {@code payload}.
     */
    public PayloadWriter embed(String name, byte[] payload) {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            return binary(name, payload);
        }
        try {
            return put(name, Json.parse(payload));
        } catch (IOException e) {
            throw new UncheckedIOException("an envelope whose header reads is valid JSON", e);
        }
    }

    /**
     * What {@link #embed} keeps of {@code payload}: an envelope rewritten compactly (equal to {@code payload} when a
     * {@link PayloadWriter} wrote it), other bytes as they are. A checksum of an embedded payload is taken over these.
     */
    public static byte[] canonical(byte[] payload) {
        if (EnvelopeHeader.of(payload).isEmpty()) {
            return payload;
        }
        try {
            return Json.compact(Json.parse(payload));
        } catch (IOException e) {
            throw new UncheckedIOException("an envelope whose header reads is valid JSON", e);
        }
    }

    /** Adds an object and returns its writer. */
    public PayloadWriter object(String name) {
        ObjectNode child = NODES.objectNode();
        put(name, child);
        return new PayloadWriter(child);
    }

    /** Appends an object to the array {@code name} (which the first call adds) and returns its writer. */
    public PayloadWriter element(String name) {
        JsonNode existing = node.get(name);
        ArrayNode array;
        if (existing == null) {
            array = NODES.arrayNode();
            node.set(name, array);
        } else if (existing instanceof ArrayNode a) {
            array = a;
        } else {
            throw new IllegalStateException("field '" + name + "' is already written and is not an array");
        }
        return new PayloadWriter(array.addObject());
    }

    /** Adds the array {@code name} with no element yet, for a list that may stay empty. */
    public PayloadWriter emptyList(String name) {
        return put(name, NODES.arrayNode());
    }

    /** The envelope as compact UTF-8 JSON: what a codec returns. */
    public byte[] bytes() {
        return Json.compact(node);
    }

    /** The envelope as indented UTF-8 JSON: for a file people open. */
    public byte[] prettyBytes() {
        return Json.pretty(node);
    }

    private PayloadWriter put(String name, JsonNode value) {
        if (node.has(name)) {
            throw new IllegalStateException("field '" + name + "' is written twice");
        }
        node.set(name, value);
        return this;
    }

    private static JsonNode number(double v) {
        if (Double.isNaN(v)) {
            return NODES.textNode("NaN");
        }
        if (Double.isInfinite(v)) {
            return NODES.textNode(v > 0 ? "Infinity" : "-Infinity");
        }
        return NODES.numberNode(v);
    }
}
