package io.stepcast.datasets.catalog;

import io.stepcast.api.EditDistance;
import java.util.Collection;

/**
 * A source, importer or format name that nothing is registered under: one line naming it, the closest
 * known names (by edit distance, those within a third of the name's length) and all known names. The CLI reports it as a usage error.
 */
public final class UnknownNameException extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    /**
     * @param what  what kind of name, e.g. {@code source}
     * @param name  the name given
     * @param known every registered name
     */
    public UnknownNameException(String what, String name, Collection<String> known) {
        super("unknown " + what + " '" + name + "'" + EditDistance.suggestion(name, known) + " (known: "
                + String.join(", ", known) + ")");
    }
}
