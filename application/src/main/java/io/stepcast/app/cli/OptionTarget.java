package io.stepcast.app.cli;

import io.stepcast.api.Target;

/**
 * A target named on the command line, refused in one line that names its option ({@code --target: unknown target
 * 'thruput' (expected ...)}), as the commands' other bad values are.
 */
final class OptionTarget {
    private OptionTarget() {
    }

    /** The target {@code text} names; an {@link IllegalArgumentException} naming {@code option} when it names none. */
    static Target parse(String option, String text) {
        try {
            return Target.parse(text);
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(option + ": " + e.getMessage(), e);
        }
    }
}
