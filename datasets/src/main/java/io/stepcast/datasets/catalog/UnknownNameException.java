package io.stepcast.datasets.catalog;

import io.stepcast.api.EditDistance;
import java.util.Collection;
import java.util.List;

/**
 * A source, importer or format name that nothing is registered under: one line naming it, the closest
 * known names (by edit distance, those within a third of the name's length) and all known names. The CLI reports it as a usage error.
 */
public final class UnknownNameException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;
    /** How many closest names the message offers. */
    private static final int OFFERED = 3;

    /**
     * @param what  what kind of name, e.g. {@code source}
     * @param name  the name given
     * @param known every registered name
     */
    public UnknownNameException(String what, String name, Collection<String> known) {
        super("unknown " + what + " '" + name + "'" + suggestion(name, known) + " (known: "
                + String.join(", ", known) + ")");
    }

    /**
     * {@code ": did you mean X?"} with the closest known names (at most three, within a third of the name's
     * length in edit distance), or the empty string when none is close.
     */
    public static String suggestion(String name, Collection<String> known) {
        List<String> closest = EditDistance.closest(name, known, OFFERED);
        return closest.isEmpty() ? "" : ": did you mean " + String.join(" or ", closest) + "?";
    }
}
