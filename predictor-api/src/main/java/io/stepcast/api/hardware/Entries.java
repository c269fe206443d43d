package io.stepcast.api.hardware;

import java.util.OptionalDouble;

/** Validation shared by the catalog's records. */
final class Entries {
    private Entries() {
    }

    static void checkName(String name, String source) {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a hardware entry needs a name");
        }
        if (source == null || source.isBlank()) {
            throw new IllegalArgumentException(name + ": every hardware entry cites its source");
        }
    }

    static void checkPositive(String name, String field, OptionalDouble v) {
        if (v.isPresent() && !(v.getAsDouble() > 0 && Double.isFinite(v.getAsDouble()))) {
            throw new IllegalArgumentException(name + ": " + field + " must be a positive number, was "
                    + v.getAsDouble());
        }
    }
}
