package io.stepcast.app.cli;

import io.stepcast.api.FieldNames;

import java.nio.file.Path;
import java.util.Set;

/**
 * How {@code sweep} names a field of its grid that validation refused ({@link io.stepcast.api.InvalidField}): by the
 * option that gave the value ({@code --tensor-parallel}), else by the grid file and its field
 * ({@code grid.yaml: field tensor_parallel}), as the grid reader names a value that is not a number. The option of a
 * field is the field with dashes, as {@code sweep}'s and {@code plan-llm}'s options spell them.
 *
 * @param grid    the grid file, or null when the sweep has none
 * @param byFlags the fields whose values the command line gave (overriding the file's)
 */
record SweepFieldNames(Path grid, Set<String> byFlags) implements FieldNames {
    SweepFieldNames {
        byFlags = Set.copyOf(byFlags);
    }

    @Override
    public String name(String field) {
        return grid != null && !byFlags.contains(field) ? grid + ": field " + field : option(field);
    }

    @Override
    public String mention(String field) {
        return grid != null && !byFlags.contains(field) ? field : option(field);
    }

    private static String option(String field) {
        return "--" + field.replace('_', '-');
    }
}
