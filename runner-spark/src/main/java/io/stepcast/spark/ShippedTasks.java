package io.stepcast.spark;

import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.engine.Tasks;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;

/**
 * The broadcast value of a Spark run: a task set's recipe. Spark deserializes a broadcast once per executor
 * JVM, so each executor builds the task set once (with the plugins on its own class path) and runs any of
 * its tasks; the driver's own set is reused where the broadcast is not copied (local mode).
 */
final class ShippedTasks implements Serializable {
    private static final long serialVersionUID = 1L;
    private final TaskSource source;
    private transient TaskSet<?> opened;

    ShippedTasks(TaskSource source, TaskSet<?> driverSide) {
        this.source = source;
        this.opened = driverSide;
    }

    /** Task {@code i}'s envelope ({@link Tasks#runToEnvelope}). */
    byte[] run(int i) {
        return Tasks.runToEnvelope(tasks(), i);
    }

    private synchronized TaskSet<?> tasks() {
        if (opened == null) {
            try {
                opened = source.open(PluginRegistry.discover(ShippedTasks.class.getClassLoader()));
            } catch (IOException e) {
                throw new UncheckedIOException("the executor could not build the tasks: " + e.getMessage(), e);
            }
        }
        return opened;
    }
}
