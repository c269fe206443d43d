package io.stepcast.spark;

import com.google.inject.Module;
import io.stepcast.api.hardware.HardwareFile;
import io.stepcast.api.plugin.PluginRegistry;
import io.stepcast.evaluation.engine.TaskSet;
import io.stepcast.evaluation.engine.TaskSource;
import io.stepcast.evaluation.engine.Tasks;

import java.io.IOException;
import java.io.Serializable;
import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The broadcast value of a Spark run: a task set's recipe and the run's hardware file. Spark deserializes a broadcast
 * once per executor JVM, so each executor builds the task set once (with the plugins on its own class path and the
 * same hardware file bound, so that its catalog is the driver's) and runs any of its tasks; the driver's own set is
 * reused where the broadcast is not copied (local mode).
 */
final class ShippedTasks implements Serializable {
    private static final long serialVersionUID = 1L;
    private final TaskSource source;
    /** The hardware file's absolute path (a Path is not serializable), when the run has one. */
    private final String hardwareFile;
    private transient TaskSet<?> opened;

    ShippedTasks(TaskSource source, Optional<String> hardwareFile, TaskSet<?> driverSide) {
        this.source = source;
        this.hardwareFile = hardwareFile.orElse(null);
        this.opened = driverSide;
    }

    /** Task {@code i}'s envelope ({@link Tasks#runToEnvelope}). */
    byte[] run(int i) {
        return Tasks.runToEnvelope(tasks(), i);
    }

    private synchronized TaskSet<?> tasks() {
        if (opened == null) {
            try {
                List<Module> extra = hardwareFile == null ? List.of()
                        : List.of(new HardwareFile(Path.of(hardwareFile)).module());
                opened = source.open(PluginRegistry.discover(ShippedTasks.class.getClassLoader(), extra));
            } catch (IOException e) {
                throw new UncheckedIOException("the executor could not build the tasks: " + e.getMessage(), e);
            }
        }
        return opened;
    }
}
