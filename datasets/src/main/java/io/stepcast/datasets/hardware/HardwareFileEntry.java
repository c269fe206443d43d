package io.stepcast.datasets.hardware;

import com.fasterxml.jackson.databind.JsonNode;

import java.util.List;
import java.util.Map;

/**
 * One entry of a user's hardware file as written: its section, its place in the section, the line it starts on and
 * its fields with the line of each, before any field is read as a figure. Where a field's value is wrong, the error
 * names this entry's file, the field's line, the section and index, the entry's name and the field
 * ({@link #where(String)}).
 *
 * @param file    the file as named, for messages
 * @param section {@code devices}, {@code links}, {@code nics}, {@code systems} or {@code graphs}
 * @param index   the entry's place in its section, from 0
 * @param line    the line the entry starts on, from 1
 * @param fields  the fields by name, in the file's order
 */
record HardwareFileEntry(String file, String section, int index, int line, Map<String, Field> fields) {
    HardwareFileEntry {
        fields = Map.copyOf(fields);
    }

    /**
     * One field of an entry.
     *
     * @param value the YAML value (a scalar, or a list for {@code aliases} and a graph's {@code links})
     * @param line  the line it is on, from 1
     */
    record Field(JsonNode value, int line) {
    }

    /** The entry's {@code name} as written, or empty when it has none (for messages). */
    String name() {
        Field f = fields.get("name");
        return f == null || !f.value().isValueNode() ? "" : f.value().asText().trim();
    }

    /**
     * {@code FILE:LINE: SECTION[INDEX] 'NAME'}, on the line of {@code field} when the entry has it (else the entry's
     * first line): where a message about that field begins.
     */
    String where(String field) {
        Field f = field == null ? null : fields.get(field);
        return file + ":" + (f == null ? line : f.line()) + ": " + section + "[" + index + "]"
                + (name().isEmpty() ? "" : " '" + name() + "'");
    }

    /**
     * The error for {@code field}: {@code FILE:LINE: SECTION[INDEX] 'NAME': field FIELD: WHY}, one line.
     */
    IllegalArgumentException bad(String field, String why) {
        return new IllegalArgumentException(where(field) + ": field " + field + ": " + why);
    }

    /**
     * The error of a record's own check (a figure that must be positive, a count out of range): placed on the line of
     * the first of {@code candidates} that its message names, else on the entry's first line.
     */
    IllegalArgumentException rejected(String message, List<String> candidates) {
        for (String c : candidates) {
            if (message.contains(c) && fields.containsKey(c)) {
                return new IllegalArgumentException(where(c) + ": field " + c + ": " + afterName(message));
            }
        }
        return new IllegalArgumentException(where(null) + ": " + afterName(message));
    }

    /** A record's message without its leading {@code NAME: }, which {@link #where} already gives. */
    private String afterName(String message) {
        String prefix = name() + ": ";
        return !name().isEmpty() && message.startsWith(prefix) ? message.substring(prefix.length()) : message;
    }
}
