package io.stepcast.api;

import java.util.Objects;
import java.util.function.Function;

/**
 * A value refused by validation, carrying the field it is about and why, so that each front end names the field in
 * its own words ({@link FieldNames}: a CSV's column, a request's field, a command's option) by mapping the field
 * rather than by rewriting the message. The message names the field by its key: {@code "expert_parallel is 3 but
 * must divide ..."}; a reason that starts with a colon follows the name directly ({@code "micro_batch: 8 does not
 * divide ..."}).
 */
public class InvalidField extends IllegalArgumentException {
    private static final long serialVersionUID = 1L;

    private final String field;
    /** The reason with the other fields it mentions named by the given {@link FieldNames}. */
    private final transient Function<FieldNames, String> reason;

    /** A refusal of {@code field} whose reason names no other field. */
    public InvalidField(String field, String reason) {
        this(field, names -> reason);
    }

    /** A refusal of {@code field} whose reason names other fields through the front end's {@link FieldNames}. */
    public InvalidField(String field, Function<FieldNames, String> reason) {
        super(joined(field, reason.apply(FieldNames.KEYS)));
        this.field = Objects.requireNonNull(field, "field");
        this.reason = reason;
    }

    /** The key of the refused field ({@code micro_batch}). */
    public String field() {
        return field;
    }

    /** Why the field is refused, other fields named by their keys. */
    public String reason() {
        return reason(FieldNames.KEYS);
    }

    /** Why the field is refused, other fields named by {@code names}. */
    public String reason(FieldNames names) {
        return reason.apply(names);
    }

    /** The whole one-line refusal in a front end's words: the field's name, then the reason. */
    public String named(FieldNames names) {
        return joined(names.name(field), reason(names));
    }

    private static String joined(String name, String reason) {
        return name + (reason.startsWith(":") ? "" : " ") + reason;
    }
}
