package io.stepcast.models.persist;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;

import java.io.IOException;
import java.util.ArrayList;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Reads an envelope that {@link PayloadWriter} wrote: {@link #open} checks the format tag and that the version is
 * one this reader knows, typed getters read named fields. Every failure is an {@link IOException} that starts with
 * the subject the caller names (e.g. {@code corrupt pollux payload}) and names the field by its path from the
 * envelope's root ({@code groups/resnet50@t4}, {@code targets[1]/scores}), so that a user can find the damage.
 */
public final class PayloadReader {
    private final String subject;
    private final String path;
    private final ObjectNode node;
    private final int version;

    private PayloadReader(String subject, String path, ObjectNode node, int version) {
        this.subject = subject;
        this.path = path;
        this.node = node;
        this.version = version;
    }

    /**
     * Opens an envelope of {@code format} whose version is between {@code oldest} and {@code newest}.
     *
     * @param subject how errors name what is read, e.g. {@code corrupt pollux payload} or a file's path
     * @throws IOException when the bytes are not JSON, not an envelope, another format's or of another version
     */
    public static PayloadReader open(byte[] bytes, String subject, String format, int oldest, int newest)
            throws IOException {
        JsonNode root;
        try {
            root = Json.parse(bytes);
        } catch (IOException e) {
            throw new IOException(subject + ": " + e.getMessage(), e);
        }
        if (!(root instanceof ObjectNode o) || !root.path("format").isTextual() || !root.path("version").isInt()) {
            throw new IOException(subject + ": not a '" + format + "' envelope (no 'format' and 'version' fields)");
        }
        String found = root.get("format").asText();
        if (!found.equals(format)) {
            throw new IOException(subject + ": a '" + found + "' envelope, not '" + format + "'");
        }
        int version = root.get("version").asInt();
        if (version < oldest || version > newest) {
            throw new IOException(subject + ": " + format + " version " + version + " is not supported (this stepcast"
                    + " reads " + (oldest == newest ? "version " + newest : "versions " + oldest + " to " + newest)
                    + ")");
        }
        return new PayloadReader(subject, "", o, version);
    }

    /** The envelope's version. */
    public int version() {
        return version;
    }

    /** True when the field is present (and not null). */
    public boolean has(String name) {
        JsonNode v = node.get(name);
        return v != null && !v.isNull();
    }

    /** The names of this object's fields, in their order: the keys of a map written with {@link PayloadWriter#object}. */
    public Set<String> names() {
        Set<String> names = new LinkedHashSet<>();
        node.fieldNames().forEachRemaining(names::add);
        return names;
    }

    /** A string field. */
    public String text(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isTextual()) {
            throw notA(name, "string");
        }
        return v.asText();
    }

    /** An integral field that fits an int. */
    public int integer(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isIntegralNumber() || !v.canConvertToInt()) {
            throw notA(name, "whole number");
        }
        return v.asInt();
    }

    /** An integral field. */
    public long longInteger(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isIntegralNumber() || !v.canConvertToLong()) {
            throw notA(name, "whole number");
        }
        return v.asLong();
    }

    /** A double field, exactly as written. */
    public double number(String name) throws IOException {
        double[] d = new double[1];
        if (!number(field(name), d)) {
            throw notA(name, "number");
        }
        return d[0];
    }

    /** A boolean field. */
    public boolean flag(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isBoolean()) {
            throw notA(name, "boolean");
        }
        return v.asBoolean();
    }

    /** An array of doubles. */
    public double[] numbers(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isArray()) {
            throw notA(name, "list of numbers");
        }
        double[] out = new double[v.size()];
        double[] d = new double[1];
        for (int i = 0; i < out.length; i++) {
            if (!number(v.get(i), d)) {
                throw corrupt("field '" + at(name) + "[" + i + "]' is not a number");
            }
            out[i] = d[0];
        }
        return out;
    }

    /** An array of strings. */
    public List<String> texts(String name) throws IOException {
        JsonNode v = field(name);
        if (!v.isArray()) {
            throw notA(name, "list of strings");
        }
        List<String> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            if (!v.get(i).isTextual()) {
                throw corrupt("field '" + at(name) + "[" + i + "]' is not a string");
            }
            out.add(v.get(i).asText());
        }
        return out;
    }

    /** An object of strings, in its order. */
    public Map<String, String> textMap(String name) throws IOException {
        PayloadReader o = object(name);
        Map<String, String> out = new LinkedHashMap<>();
        for (String key : o.names()) {
            out.put(key, o.text(key));
        }
        return out;
    }

    /** Bytes written with {@link PayloadWriter#binary}. */
    public byte[] binary(String name) throws IOException {
        try {
            return Base64.getDecoder().decode(text(name));
        } catch (IllegalArgumentException e) {
            throw corrupt("field '" + at(name) + "' is not Base64");
        }
    }

    /** A payload written with {@link PayloadWriter#embed}: its {@link PayloadWriter#canonical} bytes. */
    public byte[] embedded(String name) throws IOException {
        JsonNode v = field(name);
        if (v.isObject()) {
            return Json.compact(v);
        }
        if (v.isTextual()) {
            return binary(name);
        }
        throw notA(name, "payload (an object or Base64 text)");
    }

    /** An object field. */
    public PayloadReader object(String name) throws IOException {
        JsonNode v = field(name);
        if (!(v instanceof ObjectNode o)) {
            throw notA(name, "object");
        }
        return new PayloadReader(subject, at(name), o, version);
    }

    /** An array of objects, each written with {@link PayloadWriter#element}; empty when the field is absent. */
    public List<PayloadReader> elements(String name) throws IOException {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            return List.of();
        }
        if (!v.isArray()) {
            throw notA(name, "list of objects");
        }
        List<PayloadReader> out = new ArrayList<>(v.size());
        for (int i = 0; i < v.size(); i++) {
            String where = at(name) + "[" + i + "]";
            if (!(v.get(i) instanceof ObjectNode o)) {
                throw corrupt("field '" + where + "' is not an object");
            }
            out.add(new PayloadReader(subject, where, o, version));
        }
        return out;
    }

    /** {@code <subject>: <problem>}, for damage no single field shows (a field out of range, one missing a partner). */
    public IOException corrupt(String problem) {
        return new IOException(subject + ": " + problem);
    }

    /** {@code <subject>: field '<path>': <problem>}, for a field that reads but whose value is wrong. */
    public IOException corrupt(String name, String problem) {
        return new IOException(subject + ": field '" + at(name) + "': " + problem);
    }

    private JsonNode field(String name) throws IOException {
        JsonNode v = node.get(name);
        if (v == null || v.isNull()) {
            throw corrupt("field '" + at(name) + "' is missing");
        }
        return v;
    }

    private IOException notA(String name, String what) {
        return corrupt("field '" + at(name) + "' is not a " + what);
    }

    private String at(String name) {
        return path.isEmpty() ? name : path + "/" + name;
    }

    private static boolean number(JsonNode v, double[] into) {
        if (v.isNumber()) {
            into[0] = v.asDouble();
            return true;
        }
        if (v.isTextual()) {
            switch (v.asText()) {
                case "NaN" -> into[0] = Double.NaN;
                case "Infinity" -> into[0] = Double.POSITIVE_INFINITY;
                case "-Infinity" -> into[0] = Double.NEGATIVE_INFINITY;
                default -> {
                    return false;
                }
            }
            return true;
        }
        return false;
    }
}
