package io.stepcast.datasets.timeline;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.core.base.ParserBase;

import java.io.IOException;

import static io.stepcast.datasets.timeline.ChromeTraceReader.located;

/**
 * Reads the elements of a Chrome trace's {@code traceEvents} array into {@link TraceEvent}s: the fields TensorFlow
 * timelines use, everything else skipped without being built. Names are made canonical through a
 * {@link NameTable} and field names matched through {@link FieldNames} guesses, because a training timeline
 * repeats the same events step after step. One per parse, positioned inside the array; not thread-safe.
 */
final class EventParser {
    /** Inputs {@code input0 .. input<MAX_NAMED_INPUT - 1>} are known field names; later ones are parsed. */
    private static final int MAX_NAMED_INPUT = 16;

    private static final int PH = 0;
    private static final int NAME = 2;
    private static final int PID = 3;
    private static final int TID = 4;
    private static final int TS = 5;
    private static final int DUR = 6;
    private static final int ARGS = 8;

    private static final int ARG_NAME = 0;
    private static final int ARG_OP = 1;
    private static final int ARG_LONG_NAME = 2;
    private static final int ARG_TF_OP = 3;
    private static final int ARG_SNAPSHOT = 4;
    private static final int ARG_INPUT0 = 5;

    private static final int TENSOR_DESCRIPTION = 0;

    private final JsonParser p;
    private final String where;
    private final NameTable names = new NameTable();
    private final FieldNames eventFields = new FieldNames("ph", "cat", "name", "pid", "tid", "ts", "dur", "id",
            "args");
    private final FieldNames argFields = new FieldNames(argNames());
    private final FieldNames snapshotFields = new FieldNames("tensor_description");

    /**
     * @param p     positioned on the {@code START_ARRAY} of {@code traceEvents}
     * @param where the file, for error messages
     */
    EventParser(JsonParser p, String where) {
        this.p = p;
        this.where = where;
    }

    private static String[] argNames() {
        String[] n = new String[ARG_INPUT0 + MAX_NAMED_INPUT];
        n[ARG_NAME] = "name";
        n[ARG_OP] = "op";
        n[ARG_LONG_NAME] = "long_name";
        n[ARG_TF_OP] = "tf_op";
        n[ARG_SNAPSHOT] = "snapshot";
        for (int k = 0; k < MAX_NAMED_INPUT; k++) {
            n[ARG_INPUT0 + k] = "input" + k;
        }
        return n;
    }

    /** Reads the events up to the end of the array into the objects {@code filler} hands out. */
    void readEvents(TraceEvent first, ChromeTraceReader.Filler filler) throws IOException {
        TraceEvent e = first;
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
            readEvent(e);
            e = filler.filled(e);
        }
    }

    private void readEvent(TraceEvent e) throws IOException {
        for (int f = eventFields.next(p, FieldNames.END); f != FieldNames.END; f = eventFields.next(p, f)) {
            JsonToken v = p.nextToken();
            switch (f) {
                case PH -> e.ph = phase(v);
                case NAME -> e.name = text(v, names);
                case PID -> e.pid = intValue(v, "pid");
                case TID -> e.tid = intValue(v, "tid");
                case TS -> e.ts = number(v, "ts");
                case DUR -> e.dur = number(v, "dur");
                case ARGS -> readArgs(v, e);
                default -> p.skipChildren();
            }
        }
    }

    private void readArgs(JsonToken v, TraceEvent e) throws IOException {
        if (v != JsonToken.START_OBJECT) {
            p.skipChildren();
            return;
        }
        for (int f = argFields.next(p, FieldNames.END); f != FieldNames.END; f = argFields.next(p, f)) {
            JsonToken t = p.nextToken();
            if (t == JsonToken.START_OBJECT && f == ARG_SNAPSHOT) {
                readSnapshot(e);
                continue;
            }
            switch (f) {
                case ARG_NAME -> e.argName = text(t, names);
                case ARG_OP -> e.argOp = text(t, names);
                case ARG_LONG_NAME -> e.argLongName = text(t, names);
                case ARG_TF_OP -> e.argTfOp = text(t, names);
                case FieldNames.OTHER -> input(inputIndex(p.currentName()), t, e);
                default -> input(f >= ARG_INPUT0 ? f - ARG_INPUT0 : -1, t, e);
            }
        }
    }

    /** Input {@code k} of the event, when {@code k >= 0} and the value is a scalar; skipped otherwise. */
    private void input(int k, JsonToken t, TraceEvent e) throws IOException {
        String reference = k >= 0 ? text(t, names) : null;
        if (reference != null) {
            e.input(k, reference);
        } else {
            p.skipChildren();
        }
    }

    private void readSnapshot(TraceEvent e) throws IOException {
        for (int f = snapshotFields.next(p, FieldNames.END); f != FieldNames.END; f = snapshotFields.next(p, f)) {
            JsonToken u = p.nextToken();
            if (f == TENSOR_DESCRIPTION && u == JsonToken.VALUE_STRING) {
                e.tensorBytes = AllocationBytes.of(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
            } else {
                p.skipChildren();
            }
        }
    }

    /** The index K of a field {@code inputK}, or -1 for any other name. */
    static int inputIndex(String f) {
        if (f.length() <= 5 || !f.startsWith("input")) {
            return -1;
        }
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

    /** The phase of an event: the constants for the phases the converter handles, so no string is built. */
    private String phase(JsonToken v) throws IOException {
        if (v == JsonToken.VALUE_STRING && p.getTextLength() == 1) {
            switch (p.getTextCharacters()[p.getTextOffset()]) {
                case 'X':
                    return "X";
                case 'O':
                    return "O";
                case 'M':
                    return "M";
                default:
                    break;
            }
        }
        return text(v, null);
    }

    /**
     * A scalar value as text, strings made canonical through {@code table} (when given); null, the value skipped,
     * for objects and arrays.
     */
    private String text(JsonToken v, NameTable table) throws IOException {
        if (v == JsonToken.VALUE_STRING && table != null) {
            return table.intern(p.getTextCharacters(), p.getTextOffset(), p.getTextLength());
        }
        if (v == JsonToken.START_OBJECT || v == JsonToken.START_ARRAY) {
            p.skipChildren();
            return null;
        }
        return p.getValueAsString();
    }

    private int intValue(JsonToken v, String field) throws IOException {
        if (v == JsonToken.VALUE_NUMBER_INT) {
            return p.getIntValue();
        }
        if (v == JsonToken.VALUE_STRING) {
            // Some tools write pid/tid as strings; keep them apart by hash.
            return p.getText().hashCode();
        }
        throw located(where, p, "field " + field + ": expected a number");
    }

    private double number(JsonToken v, String field) throws IOException {
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
}
