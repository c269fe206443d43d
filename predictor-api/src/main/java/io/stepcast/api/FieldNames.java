package io.stepcast.api;

/**
 * How one front end spells the fields it reads: a CSV row's {@code column 'micro_batch'}, a request's
 * {@code field 'config.micro_batch'}, a command's {@code --micro-batch}. An {@link InvalidField} is put in a front
 * end's words by naming its field (and any other field its reason mentions) through these.
 */
@FunctionalInterface
public interface FieldNames {
    /** The fields by their own keys ({@code micro_batch}): how a validation message names them. */
    FieldNames KEYS = field -> field;

    /** The field as the subject of a message, or quoted as the one to change ({@code column 'micro_batch'}). */
    String name(String field);

    /** The field mentioned in passing ("needed with pipeline_parallel 4"): its key unless the front end spells it otherwise. */
    default String mention(String field) {
        return field;
    }

    /** How to ask for the switch {@code field} to be on: "set flash_attention true" unless it is a flag. */
    default String switchOn(String field) {
        return "set " + mention(field) + " true";
    }

    /**
     * How to ask that the switch {@code field} not be off: "leave distributed_optimizer blank or true" in a CSV's
     * words, where a blank cell is the default; a request leaves its field out, a command its negated flag.
     */
    default String keepOn(String field) {
        return "leave " + mention(field) + " blank or true";
    }
}
