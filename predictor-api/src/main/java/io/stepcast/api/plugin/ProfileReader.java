package io.stepcast.api.plugin;

import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Path;

/**
 * Reads one op-trace format (a TensorFlow timeline, a PyTorch profiler trace, ...) into a single-worker
 * {@link Profile}. Registered by name with {@link StepcastPlugin#profileReader}; a profile file is read by
 * the reader named with {@code --format NAME}, or else by the first registered reader whose
 * {@link #detect} accepts the file's head. Implementations are stateless and thread-safe.
 */
public interface ProfileReader {

    /** The format name, e.g. {@code tf-timeline}; also the name {@code stepcast datasets import} takes. */
    String name();

    /** One line saying which files it reads, for {@code stepcast datasets list}. */
    String description();

    /**
     * Whether the file looks like this format. Cheap and conservative: readers are asked in registration
     * order and the first that says yes reads the file, so a reader must not claim files of other formats.
     */
    boolean detect(FileHead head);

    /**
     * The profile of the file's first step.
     *
     * @param options the model and local batch when the file does not record them
     * @throws IOException when the file cannot be read or is not of this format, naming the file
     */
    Profile read(Path file, ImportOptions options) throws IOException;
}
