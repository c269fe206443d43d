package io.stepcast.serve;

import com.fasterxml.jackson.databind.JsonNode;
import io.stepcast.api.EditDistance;

import java.util.Iterator;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.Set;

/**
 * Reads the fields of a JSON request object with range checks; every failure is an {@link ApiException} 400
 * naming the field.
 */
final class JsonFields {
    private final JsonNode node;
    private final String prefix;

    /**
     * @param node   the object to read
     * @param prefix how its fields are named in messages ({@code ""} for the body, {@code "config."} inside it)
     */
    JsonFields(JsonNode node, String prefix) {
        if (node == null || !node.isObject()) {
            throw ApiException.badRequest((prefix.isEmpty() ? "the body" : "field '" + strip(prefix) + "'")
                    + " must be a JSON object");
        }
        this.node = node;
        this.prefix = prefix;
    }

    /** Refuses any field not in {@code known}, so that a misspelt optional field is not silently ignored. */
    JsonFields only(Set<String> known) {
        for (Iterator<String> it = node.fieldNames(); it.hasNext(); ) {
            String f = it.next();
            if (!known.contains(f)) {
                // The closest names first, as the CSV reader names a misspelt column's; then every known one.
                List<String> close = EditDistance.closest(f, known, 3).stream().map(k -> "'" + prefix + k + "'")
                        .toList();
                throw ApiException.badRequest("field '" + prefix + f + "' is not known"
                        + (close.isEmpty() ? "" : ": did you mean " + String.join(" or ", close) + "?")
                        + " (known: " + String.join(", ", known.stream().sorted().toList()) + ")");
            }
        }
        return this;
    }

    /** A required non-blank text field. */
    String text(String field) {
        return optionalText(field).orElseThrow(() -> missing(field));
    }

    /** An optional text field; present but not text (or blank) is an error. */
    Optional<String> optionalText(String field) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return Optional.empty();
        }
        if (!v.isTextual() || v.asText().isBlank()) {
            throw ApiException.badRequest("field '" + prefix + field + "' must be a non-empty string");
        }
        return Optional.of(v.asText().strip());
    }

    /** A required whole number in {@code [min, max]}. */
    int integer(String field, int min, int max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            throw missing(field);
        }
        if (!v.isIntegralNumber() && !(v.isNumber() && v.asDouble() == Math.rint(v.asDouble()))) {
            throw ApiException.badRequest("field '" + prefix + field + "' must be a whole number, was " + v);
        }
        double d = v.asDouble();
        if (d < min || d > max) {
            throw ApiException.badRequest("field '" + prefix + field + "' must be in [" + min + ", " + max + "], was "
                    + v);
        }
        return (int) d;
    }

    /** An optional finite number in {@code (lowExclusive, high]}; {@code high} may be infinite. */
    OptionalDouble number(String field, double lowExclusive, double high) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return OptionalDouble.empty();
        }
        if (!v.isNumber() || !Double.isFinite(v.asDouble())) {
            throw ApiException.badRequest("field '" + prefix + field + "' must be a finite number, was " + v);
        }
        double d = v.asDouble();
        if (!(d > lowExclusive && d <= high)) {
            String range = Double.isInfinite(high) ? "greater than " + fmt(lowExclusive)
                    : "in (" + fmt(lowExclusive) + ", " + fmt(high) + "]";
            throw ApiException.badRequest("field '" + prefix + field + "' must be " + range + ", was " + v);
        }
        return OptionalDouble.of(d);
    }

    /** An optional finite number in {@code [min, max]}. */
    OptionalDouble closed(String field, double min, double max) {
        JsonNode v = node.get(field);
        if (v == null || v.isNull()) {
            return OptionalDouble.empty();
        }
        if (!v.isNumber() || !(v.asDouble() >= min && v.asDouble() <= max)) {
            throw ApiException.badRequest("field '" + prefix + field + "' must be a number in [" + fmt(min) + ", "
                    + fmt(max) + "], was " + v);
        }
        return OptionalDouble.of(v.asDouble());
    }

    /** The raw value of a field, or null. */
    JsonNode raw(String field) {
        return node.get(field);
    }

    private ApiException missing(String field) {
        return ApiException.badRequest("field '" + prefix + field + "' is missing");
    }

    private static String fmt(double d) {
        return Double.isInfinite(d) ? "inf" : d == Math.rint(d) ? String.valueOf((long) d) : String.valueOf(d);
    }

    private static String strip(String prefix) {
        return prefix.endsWith(".") ? prefix.substring(0, prefix.length() - 1) : prefix;
    }
}
