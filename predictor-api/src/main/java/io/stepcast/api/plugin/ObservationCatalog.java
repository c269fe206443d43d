package io.stepcast.api.plugin;

import io.stepcast.api.Observation;
import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The observations of the known real sources, bound by the datasets module so that predictor plugins
 * (for example Courier's real-time batch selection) can train on them without depending on it.
 */
public interface ObservationCatalog {

    /** Names of the sources it reads, e.g. {@code courier}, {@code pollux}, {@code gavel}, {@code tf-benchmarks}. */
    List<String> sources();

    /**
     * The observations of a source.
     *
     * @param dataDir a folder laid out like {@code shared/data} (the source's files under
     *                {@code dataDir/<source>/}); when empty, the copy embedded in stepcast is used, which
     *                exists for the small published tables ({@code courier}, {@code tf-benchmarks}) only
     * @throws IOException when the files cannot be read, with the file and line in the message
     */
    List<Observation> observations(String source, Optional<Path> dataDir) throws IOException;

    /**
     * The recorded single-worker profiles that belong to a source's observations (for example the
     * TensorFlow CPU recordings of {@code tf-cpu-profiles}), matched to observations by model and local
     * batch. A suite gives each training side the profiles of its own observations only. Most sources
     * have none.
     *
     * @throws IOException when the profiles cannot be read, naming the file
     */
    default List<Profile> profiles(String source, Optional<Path> dataDir) throws IOException {
        return List.of();
    }
}
