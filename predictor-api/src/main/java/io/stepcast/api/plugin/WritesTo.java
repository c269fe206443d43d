package io.stepcast.api.plugin;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks an option field of a {@link CommandExtension}'s command as a path the command writes. The CLI checks
 * every marked option that was given before the command runs, so a path that cannot be written (a file where a
 * folder is expected, a folder where a file is expected, a file in the way of its parent folders, no write
 * permission) is a usage error naming the option, before any work is done.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.FIELD)
public @interface WritesTo {

    /** What the option names. */
    Kind value();

    /** What the command writes at the path. */
    enum Kind {
        /** A folder the command creates if needed and writes files into. */
        FOLDER,
        /** A file the command creates or replaces (its parent folders created if needed). */
        FILE
    }
}
