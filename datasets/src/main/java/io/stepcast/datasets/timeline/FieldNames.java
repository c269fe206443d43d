package io.stepcast.datasets.timeline;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.io.SerializedString;

import java.io.IOException;
import java.util.Arrays;
import java.util.HashMap;
import java.util.Map;

/**
 * The field names the reader knows for one kind of JSON object (an event, its {@code args}), numbered, with a
 * guess of which field follows which. A trace writes its events' fields in the same order every time, so the
 * guess (the field that followed last time) is almost always right, and Jackson can then match the name by
 * comparing bytes ({@link JsonParser#nextFieldName(com.fasterxml.jackson.core.SerializableString)}) instead of
 * decoding and looking it up, which was a quarter of the parse. A wrong guess costs the ordinary look-up.
 *
 * <p>Mutable (the guesses), so one per parse; not thread-safe.
 */
final class FieldNames {
    /** The object has no more fields (the parser is at its {@code END_OBJECT}); also "before the first field". */
    static final int END = -1;
    /** A field whose name is not among the known ones; {@link JsonParser#currentName()} has it. */
    static final int OTHER = -2;

    private final SerializedString[] names;
    private final Map<String, Integer> ids = new HashMap<>();
    /** By previous field (known ids, then OTHER, then END): the field that followed it last time, or negative. */
    private final int[] successor;

    /** The known names; their ids are their positions. */
    FieldNames(String... known) {
        names = new SerializedString[known.length];
        for (int i = 0; i < known.length; i++) {
            names[i] = new SerializedString(known[i]);
            ids.put(known[i], i);
        }
        successor = new int[known.length + 2];
        Arrays.fill(successor, END);
    }

    /**
     * Advances the parser to the next field name of the current object.
     *
     * @param previous the id {@link #next} returned for the field before, or {@link #END} for the first field
     * @return the field's id, {@link #OTHER}, or {@link #END} when the object ends (or the token is not a name)
     */
    int next(JsonParser p, int previous) throws IOException {
        int slot = previous >= 0 ? previous : previous == OTHER ? names.length : names.length + 1;
        int guess = successor[slot];
        JsonToken t;
        if (guess >= 0) {
            if (p.nextFieldName(names[guess])) {
                return guess;
            }
            t = p.currentToken();
        } else {
            t = p.nextToken();
        }
        int id = t == JsonToken.FIELD_NAME ? ids.getOrDefault(p.currentName(), OTHER) : END;
        successor[slot] = id;
        return id;
    }

    /** The name of a known id. */
    String name(int id) {
        return names[id].getValue();
    }
}
