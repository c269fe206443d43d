package io.stepcast.evaluation.suite;

import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The recordings of {@code DATA/tf-cpu-profiles}, as the suite runner and the reproductions use them.
 *
 * @deprecated the recordings are a datasets source: {@link io.stepcast.datasets.importers.TfCpuRecordings}
 *             (read by the catalog as {@code tf-cpu-profiles}). This adapter delegates to it until the suite
 *             runner reads the source through the catalog.
 */
@Deprecated
public final class TfCpuRecordings {
    /** The folder under the data directory and the suite's source name. */
    public static final String SOURCE = io.stepcast.datasets.importers.TfCpuRecordings.SOURCE;

    /**
     * One recording; see {@link io.stepcast.datasets.importers.TfCpuRecordings.Recording}.
     *
     * @param folder      recording folder name, {@code <model>-batch<B>}
     * @param observation the measured single-worker observation
     * @param profile     the traced profile with its step time set to the measured untraced median
     * @param tracedStepS the step time of the traced profile as imported, seconds
     */
    public record Recording(String folder, Observation observation, Profile profile, double tracedStepS) {
        /** The measured untraced median step time, seconds. */
        public double measuredStepS() {
            return observation.value(Target.STEP_TIME).orElseThrow();
        }

        private io.stepcast.datasets.importers.TfCpuRecordings.Recording recording() {
            return new io.stepcast.datasets.importers.TfCpuRecordings.Recording(folder, observation, profile,
                    tracedStepS);
        }
    }

    private TfCpuRecordings() {
    }

    /** See {@link io.stepcast.datasets.importers.TfCpuRecordings#read(Optional, ProfileSource)}. */
    public static List<Recording> read(Optional<Path> dataDir, ProfileSource profiles) throws IOException {
        return io.stepcast.datasets.importers.TfCpuRecordings.read(dataDir, profiles).stream()
                .map(r -> new Recording(r.folder(), r.observation(), r.profile(), r.tracedStepS())).toList();
    }

    /** The observations of the recordings, as the suite's datasets see them. */
    public static List<Observation> observations(List<Recording> recordings) {
        return recordings.stream().map(Recording::observation).toList();
    }

    /** The profiles of the recordings whose (model, local batch) is among {@code training}'s observations. */
    public static List<Profile> profilesOf(List<Recording> recordings, List<Observation> training) {
        return io.stepcast.datasets.importers.TfCpuRecordings.profilesOf(
                recordings.stream().map(Recording::recording).toList(), training);
    }
}
