package io.stepcast.api;

import java.util.Objects;
import java.util.OptionalDouble;

/**
 * Argument checks shared by the domain records. Every failure is an {@link InvalidField} carrying the offending
 * field, whose message names it, so a bad row in a trace can be traced back to its column.
 */
public final class Validate {
    private Validate() {
    }

    /** Requires a non-null, non-blank string. */
    public static String text(String value, String field) {
        if (value == null || value.isBlank()) {
            throw new InvalidField(field, "must not be empty");
        }
        return value;
    }

    /** Requires a non-null value. */
    public static <T> T present(T value, String field) {
        if (value == null) {
            throw new InvalidField(field, "must be given");
        }
        return value;
    }

    /** Requires {@code value >= 1}. */
    public static int positive(int value, String field) {
        if (value < 1) {
            throw new InvalidField(field, "must be at least 1, was " + value);
        }
        return value;
    }

    /** Requires {@code value >= 0}. */
    public static int nonNegative(int value, String field) {
        if (value < 0) {
            throw new InvalidField(field, "must not be negative, was " + value);
        }
        return value;
    }

    /** Requires {@code value >= 0}. */
    public static long nonNegative(long value, String field) {
        if (value < 0) {
            throw new InvalidField(field, "must not be negative, was " + value);
        }
        return value;
    }

    /** Requires a finite {@code value >= 0}. */
    public static double nonNegative(double value, String field) {
        finite(value, field);
        if (value < 0) {
            throw new InvalidField(field, "must not be negative, was " + value);
        }
        return value;
    }

    /** Requires a finite {@code value > 0}. */
    public static double positive(double value, String field) {
        finite(value, field);
        if (value <= 0) {
            throw new InvalidField(field, "must be positive, was " + value);
        }
        return value;
    }

    /** Requires a finite value (no NaN, no infinity). */
    public static double finite(double value, String field) {
        if (!Double.isFinite(value)) {
            throw new InvalidField(field, "must be a finite number, was " + value);
        }
        return value;
    }

    /** Requires an absent value or a finite {@code value >= 0}; null is read as absent. */
    public static OptionalDouble nonNegative(OptionalDouble value, String field) {
        OptionalDouble v = Objects.requireNonNullElse(value, OptionalDouble.empty());
        if (v.isPresent()) {
            nonNegative(v.getAsDouble(), field);
        }
        return v;
    }

    /** Requires an absent value or a finite {@code value > 0}; null is read as absent. */
    public static OptionalDouble positive(OptionalDouble value, String field) {
        OptionalDouble v = Objects.requireNonNullElse(value, OptionalDouble.empty());
        if (v.isPresent()) {
            positive(v.getAsDouble(), field);
        }
        return v;
    }
}
