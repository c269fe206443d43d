package io.stepcast.evaluation.suite;

import io.stepcast.datasets.kineto.KinetoTraceFolder;
import io.stepcast.datasets.importers.TfCpuRecordings;
import io.stepcast.api.Observation;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.plugin.ObservationCatalog;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.evaluation.metrics.HoldOutScorer;
import io.stepcast.api.evaluation.Split;
import io.stepcast.evaluation.protocol.ZooProfiles;

import java.io.IOException;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * The observations of a suite's sources, each read once per run, and the profiles that go with a training
 * side: the catalog's recorded profiles of the source ({@link ObservationCatalog#profiles}) that belong to the
 * training observations, then zoo profiles; no source is a special case. Used by the planner and by the
 * reproductions; the selection tasks also attach profiles from their threads, hence the locks.
 */
final class SuiteSources {
    private final ObservationCatalog catalog;
    private final Optional<ProfileSource> profiles;
    private final Optional<Path> dataDir;
    private final Map<String, List<Observation>> cache = new HashMap<>();
    private List<TfCpuRecordings.Recording> recordings;
    private List<KinetoTraceFolder.Trace> kineto;

    /** The folder laid out like {@code shared/data}, when given. */
    Optional<Path> dataDir() {
        return dataDir;
    }

    SuiteSources(ObservationCatalog catalog, Optional<ProfileSource> profiles, Optional<Path> dataDir) {
        this.catalog = Objects.requireNonNull(catalog);
        this.profiles = profiles;
        this.dataDir = dataDir;
    }

    /** Zoo profiles, when a plugin provides them. */
    Optional<ProfileSource> zoo() {
        return profiles;
    }

    /** Every observation of a source. */
    synchronized List<Observation> source(String name) throws IOException {
        List<Observation> cached = cache.get(name);
        if (cached != null) {
            return cached;
        }
        try {
            cached = catalog.observations(name, dataDir);
        } catch (IOException | RuntimeException e) {
            throw new IOException("source " + name + ": " + HoldOutScorer.oneLine(e.getMessage()), e);
        }
        cache.put(name, cached);
        return cached;
    }

    /** The traces of {@code DATA/kineto}, read once (for the reproduction of that folder). */
    synchronized List<KinetoTraceFolder.Trace> kinetoTraces() throws IOException {
        if (kineto == null) {
            if (profiles.isEmpty()) {
                throw new IOException("suite " + KinetoTraceFolder.SOURCE + ": no profile source is registered to read"
                        + " the traces");
            }
            kineto = KinetoTraceFolder.read(dataDir, profiles.get());
        }
        return kineto;
    }

    /** The recordings of {@code DATA/tf-cpu-profiles}, read once (for the reproduction of that source). */
    synchronized List<TfCpuRecordings.Recording> recordings() throws IOException {
        if (recordings == null) {
            if (profiles.isEmpty()) {
                throw new IOException("suite " + TfCpuRecordings.SOURCE + ": no profile source is registered to read"
                        + " the recorded op traces");
            }
            recordings = TfCpuRecordings.read(dataDir, profiles.get());
        }
        return recordings;
    }

    /**
     * The split with the profiles its training side is given: the recorded profiles of its own observations
     * for a source of recordings, otherwise (and when there are none) the zoo profiles of its single-worker
     * rows. Nothing of the test side goes into them.
     */
    synchronized Split withProfiles(String source, Split split) throws IOException {
        Split s = recorded(source, split);
        return profiles.isPresent() ? ZooProfiles.attach(s, profiles.get()) : s;
    }

    private Split recorded(String source, Split split) throws IOException {
        List<Profile> recorded = catalog.profiles(source, dataDir);
        if (recorded.isEmpty()) {
            return split;
        }
        TrainingSet t = split.training();
        List<Profile> own = recorded.stream().filter(p -> t.observations().stream().anyMatch(o ->
                o.config().model().equals(p.model()) && o.config().localBatch() == p.localBatch())).toList();
        return new Split(split.id(), new TrainingSet(t.id(), t.observations(), own), split.test());
    }
}
