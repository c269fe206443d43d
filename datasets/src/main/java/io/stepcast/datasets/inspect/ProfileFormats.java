package io.stepcast.datasets.inspect;

import io.stepcast.api.plugin.ProfileReader;
import io.stepcast.datasets.catalog.ProfileReaders;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.plugin.DatasetsPlugin;

import java.io.IOException;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Summarises a trace with the registered profile reader that reads it: the one named, or else the one the
 * registry's detection chooses ({@link ProfileReaders#choose}, the path {@code datasets import} and
 * {@code simulate --profile} take), provided it is a {@link ProfileSummariser}.
 */
public final class ProfileFormats {
    private ProfileFormats() {
    }

    /** The summary of any trace the datasets module's own readers support. */
    public static ProfileSummary summarise(Path file) throws IOException {
        return summarise(file, new ProfileReaders(DatasetsPlugin.builtIn().profileReaders()), Optional.empty());
    }

    /**
     * The summary of a trace, by the reader named {@code format} or else the one that detects the file.
     *
     * @throws DataFormatException naming the file when no reader recognises it, or the reader has no summary
     */
    public static ProfileSummary summarise(Path file, ProfileReaders readers, Optional<String> format)
            throws IOException {
        ProfileReader reader = readers.choose(file, format);
        if (reader instanceof ProfileSummariser s) {
            return s.summarise(file);
        }
        throw new DataFormatException(file.toString(), "format " + reader.name() + " has no summary for profile "
                + "inspect (it can be imported with stepcast datasets import)");
    }
}
