package io.stepcast.datasets.inspect;

import java.io.IOException;
import java.nio.file.Path;

/**
 * A registered profile reader ({@link io.stepcast.api.plugin.ProfileReader}) that also summarises its files for
 * {@code stepcast profile inspect}: steps, step times, compute, communication and collectives. {@link ProfileFormats}
 * finds the reader through the registry's detection and asks it for the summary.
 */
public interface ProfileSummariser {

    /**
     * The summary of a file of this reader's format.
     *
     * @throws IOException when the file cannot be read or is not of this format, naming the file
     */
    ProfileSummary summarise(Path file) throws IOException;
}
