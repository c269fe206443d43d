package io.stepcast.datasets.hardware;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.EditDistance;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * The fields of one {@link HardwareFileEntry} read as the embedded tables' columns are: text, numbers, whole numbers,
 * enumerations and alias lists, a figure the source does not give left out (or written {@code '-'}, quoted in YAML,
 * as the tables write it).
 * Every error names the file, the field's line, the entry and the field.
 */
final class HardwareFileFields {
    private final HardwareFileEntry entry;

    /**
     * @param entry  the entry read
     * @param known  the fields its section has; any other is refused with the closest of them
     */
    HardwareFileFields(HardwareFileEntry entry, List<String> known) {
        this.entry = entry;
        for (String f : entry.fields().keySet()) {
            if (!known.contains(f)) {
                throw entry.bad(f, "unknown field" + EditDistance.suggestion(f, known) + " (fields of "
                        + entry.section() + ": " + String.join(", ", known) + ")");
            }
        }
    }

    /** The entry the fields are of. */
    HardwareFileEntry entry() {
        return entry;
    }

    /** A text field that must be given. */
    String text(String field) {
        return optionalText(field).orElseThrow(() -> entry.bad(field, "missing (every " + singular()
                + " needs its " + field + ")"));
    }

    /** A text field, empty when left out, null or {@code -}. */
    Optional<String> optionalText(String field) {
        JsonNode v = value(field);
        if (v == null) {
            return Optional.empty();
        }
        if (!v.isValueNode()) {
            throw entry.bad(field, "expected one value, found a " + (v.isArray() ? "list" : "mapping"));
        }
        String s = v.asText().trim();
        return s.isEmpty() || s.equals("-") ? Optional.empty() : Optional.of(s);
    }

    /** A number, empty when left out (the source gives no figure). */
    OptionalDouble number(String field) {
        Optional<String> s = optionalText(field);
        if (s.isEmpty()) {
            return OptionalDouble.empty();
        }
        try {
            double d = Double.parseDouble(s.get().replace(",", "").replace("_", ""));
            if (!Double.isFinite(d)) {
                throw new NumberFormatException();
            }
            return OptionalDouble.of(d);
        } catch (NumberFormatException e) {
            throw entry.bad(field, "'" + s.get() + "' is not a number");
        }
    }

    /** A number that must be given. */
    double requiredNumber(String field) {
        OptionalDouble d = number(field);
        if (d.isEmpty()) {
            throw entry.bad(field, "missing (a number is required)");
        }
        return d.getAsDouble();
    }

    /** A number that must be given, the message saying what the entry needs it for. */
    double requiredNumber(String field, String why) {
        OptionalDouble d = number(field);
        if (d.isEmpty()) {
            throw entry.bad(field, "missing (every " + singular() + " needs its " + field + ": " + why + ")");
        }
        return d.getAsDouble();
    }

    /** A whole number, empty when left out. */
    OptionalInt integer(String field) {
        Optional<String> s = optionalText(field);
        if (s.isEmpty()) {
            return OptionalInt.empty();
        }
        try {
            return OptionalInt.of(Integer.parseInt(s.get()));
        } catch (NumberFormatException e) {
            throw entry.bad(field, "'" + s.get() + "' is not a whole number");
        }
    }

    /** A whole number that must be given. */
    int requiredInteger(String field) {
        OptionalInt i = integer(field);
        if (i.isEmpty()) {
            throw entry.bad(field, "missing (a whole number is required)");
        }
        return i.getAsInt();
    }

    /** One of an enumeration's values by name, ignoring case and {@code -} for {@code _}; {@code fallback} if absent. */
    <E extends Enum<E>> E choice(String field, Class<E> type, Optional<E> fallback) {
        Optional<String> s = optionalText(field);
        List<String> names = Arrays.stream(type.getEnumConstants()).map(Enum::name).toList();
        if (s.isEmpty()) {
            return fallback.orElseThrow(() -> entry.bad(field, "missing (one of " + String.join(", ", names) + ")"));
        }
        String wanted = s.get().toUpperCase(Locale.ROOT).replace('-', '_').replace(' ', '_');
        for (E e : type.getEnumConstants()) {
            if (e.name().equals(wanted)) {
                return e;
            }
        }
        throw entry.bad(field, "'" + s.get() + "' is not one of " + String.join(", ", names));
    }

    /** Aliases: a YAML list, or one comma-separated text as in the tables; none when left out. */
    List<String> aliases(String field) {
        JsonNode v = value(field);
        if (v == null) {
            return List.of();
        }
        List<String> out = new ArrayList<>();
        if (v.isArray()) {
            for (JsonNode a : v) {
                if (!a.isValueNode() || a.asText().isBlank()) {
                    throw entry.bad(field, "every alias must be a non-empty name");
                }
                out.add(a.asText().trim());
            }
        } else if (v.isValueNode()) {
            String s = v.asText().trim();
            if (!s.isEmpty() && !s.equals("-")) {
                Arrays.stream(s.split(",")).map(String::trim).filter(a -> !a.isEmpty()).forEach(out::add);
            }
        } else {
            throw entry.bad(field, "expected a list of names");
        }
        return List.copyOf(out);
    }

    /** The raw value of a field (a graph's matrix), null when left out or null. */
    JsonNode value(String field) {
        HardwareFileEntry.Field f = entry.fields().get(field);
        return f == null || f.value().isNull() ? null : f.value();
    }

    private String singular() {
        String s = entry.section();
        return s.endsWith("s") ? s.substring(0, s.length() - 1) : s;
    }
}
