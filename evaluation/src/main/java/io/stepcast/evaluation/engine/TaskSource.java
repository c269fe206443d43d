package io.stepcast.evaluation.engine;

import io.stepcast.api.plugin.PluginRegistry;

import java.io.IOException;
import java.io.Serializable;

/**
 * The serializable recipe of a {@link TaskSet}: what a remote JVM (a Spark executor) needs to build the same
 * tasks itself, with the plugins it finds on its own class path. Nothing fitted or read travels: the recipe
 * names its inputs (suite, files, grid), so every node needs the same data and plugins.
 */
public interface TaskSource extends Serializable {

    /** Builds the task set; the same recipe gives the same tasks in the same order. */
    TaskSet<?> open(PluginRegistry registry) throws IOException;
}
