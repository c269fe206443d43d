package io.stepcast.datasets.importers;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Observation;
import io.stepcast.api.Target;
import io.stepcast.api.plugin.ProfileSource;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.parquet.OpTraceFiles;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;

/**
 * Single-worker TensorFlow CPU recordings made on this machine by {@code stepcast profile tensorflow}, read
 * from {@code DATA/tf-cpu-profiles/} (the catalog source {@code tf-cpu-profiles}, {@link TfCpuProfilesImporter}): the observations of {@code observations.parquet} (median untraced step
 * time per model and local batch) and, per recording folder {@code <model>-batch<B>/}, the profile of
 * {@code optrace.parquet}.
 *
 * <p>Two choices a performance engineer would expect, both documented in evaluation/README.md:
 * <ul>
 * <li>The observations are reduced to what identifies the run (configuration, CPU, threads, TensorFlow
 * version); per-recording tags (losses, traced times) are dropped and the source becomes
 * {@code tf-cpu-profiles:<model>}, so the batch sizes of one model form one job for the batch-size
 * selection scoring (which groups by everything but the batch). The profiler states a single process as
 * a one-worker all-reduce run; here it is restated as what it is to a parameter-server predictor: one
 * worker whose parameter server (the variables) is on its own host (asynchronous, one server, colocated),
 * so the simulation and MVA answer for it rather than declining an all-reduce configuration.</li>
 * <li>A traced step is slower than an untraced one (the tracer adds 1.5 to 2 ms per step on LeNet-5), so
 * each profile's step time is set to the measured untraced median of its recording; the simulation's
 * calibration then scales the profiled op durations to it (docs/methods.md section 1: a profile's compute is
 * scaled to the measured single-worker step time). The op structure, tensors and bytes stay those of the
 * trace.</li>
 * </ul>
 */
public final class TfCpuRecordings {
    /** The folder under the data directory and the source's name. */
    public static final String SOURCE = "tf-cpu-profiles";

    /** Tags kept from the profiler's observations: the ones that describe the machine and runtime. */
    private static final List<String> KEPT_TAGS = List.of("cpu_model", "intra_threads", "inter_threads",
            "tensorflow", "tensorflow_java", "optimizer", "inputs");

    /**
     * One recording.
     *
     * @param folder      recording folder name, {@code <model>-batch<B>}
     * @param observation the measured single-worker observation (normalised as described above)
     * @param profile     the traced profile with its step time set to the measured untraced median
     * @param tracedStepS the step time of the traced profile as imported, seconds
     */
    public record Recording(String folder, Observation observation, Profile profile, double tracedStepS) {
        /** The measured untraced median step time, seconds. */
        public double measuredStepS() {
            return observation.value(Target.STEP_TIME).orElseThrow();
        }
    }

    private TfCpuRecordings() {
    }

    /** The folder holding the recordings, {@code DATA/tf-cpu-profiles}. */
    public static Path folder(Optional<Path> dataDir) throws IOException {
        if (dataDir.isEmpty()) {
            throw new IOException(missing("no --data folder given"));
        }
        return dataDir.get().resolve(SOURCE);
    }

    /** Reads a recording's op trace into a profile. */
    @FunctionalInterface
    public interface TraceReader {
        Profile read(Path trace) throws IOException;
    }

    /**
     * Every recording of {@code DATA/tf-cpu-profiles}, ordered by model and batch, each op trace read by
     * {@code profiles}.
     *
     * @throws IOException one line naming the folder and saying how to record it when there is no recording,
     *                     or naming the file that cannot be read
     */
    public static List<Recording> read(Optional<Path> dataDir, ProfileSource profiles) throws IOException {
        // Not profiles::read, which fails at once on a null source: a missing folder is reported first.
        return readFolder(folder(dataDir), trace -> profiles.read(trace));
    }

    /** {@link #read(Optional, ProfileSource)} with the op traces read as stepcast op-trace Parquet. */
    public static List<Recording> read(Optional<Path> dataDir) throws IOException {
        return readFolder(folder(dataDir), OpTraceFiles::readProfile);
    }

    /** The recordings of one folder laid out like {@code DATA/tf-cpu-profiles}. */
    public static List<Recording> readFolder(Path dir, TraceReader profiles) throws IOException {
        Path summary = dir.resolve("observations.parquet");
        if (!Files.isRegularFile(summary)) {
            throw new IOException(missing(summary + " does not exist"));
        }
        List<Recording> out = new ArrayList<>();
        for (Observation o : ObservationFiles.read(summary)) {
            String folder = folderOf(o, summary);
            Path trace = dir.resolve(folder).resolve("optrace.parquet");
            Profile traced;
            try {
                traced = profiles.read(trace);
            } catch (IOException | RuntimeException e) {
                throw new IOException(trace + ": cannot read the recording's profile: " + e.getMessage(), e);
            }
            Observation normalised = normalise(o);
            double measured = normalised.value(Target.STEP_TIME).orElseThrow(() ->
                    new IOException(summary + ": observation " + o.source() + " has no step time"));
            Profile atMeasured = new Profile(traced.model(), traced.localBatch(), measured * 1e6, traced.parameters(),
                    traced.receives(), traced.ops(), traced.sends(), traced.origin()
                    + " (step time set to the measured untraced median)");
            out.add(new Recording(folder, normalised, atMeasured, traced.stepTimeUs() / 1e6));
        }
        if (out.isEmpty()) {
            throw new IOException(missing(summary + " holds no observation"));
        }
        out.sort(Comparator.comparing((Recording r) -> r.observation().config().model())
                .thenComparingInt(r -> r.observation().config().localBatch()));
        return out;
    }

    /** The observations of the recordings, as the suite's datasets see them. */
    public static List<Observation> observations(List<Recording> recordings) {
        return recordings.stream().map(Recording::observation).toList();
    }

    /** The profiles of the recordings whose (model, local batch) is among {@code training}'s observations. */
    public static List<Profile> profilesOf(List<Recording> recordings, List<Observation> training) {
        return recordings.stream().filter(r -> training.stream().anyMatch(o ->
                o.config().model().equals(r.observation().config().model())
                        && o.config().localBatch() == r.observation().config().localBatch()))
                .map(Recording::profile).toList();
    }

    private static String folderOf(Observation o, Path summary) throws IOException {
        // The profiler names each observation "tf-profile:<model>-batch<B>/observation.json".
        String s = o.source();
        int colon = s.indexOf(':');
        int slash = s.indexOf('/', colon + 1);
        if (colon < 0 || slash < 0) {
            throw new IOException(summary + ": observation source '" + s
                    + "' does not name a recording folder (expected tf-profile:<model>-batch<B>/observation.json)");
        }
        return s.substring(colon + 1, slash);
    }

    private static Observation normalise(Observation o) {
        Map<String, String> tags = new TreeMap<>();
        for (String k : KEPT_TAGS) {
            String v = o.tags().get(k);
            if (v != null) {
                tags.put(k, v);
            }
        }
        Config singleProcess = o.config().toBuilder().architecture(Architecture.ASYNC_PS).workers(1)
                .parameterServers(1).nodes(1).colocatedPs(true).build();
        return new Observation(singleProcess, o.measurements(), SOURCE + ":" + o.config().model(), 0, tags);
    }

    private static String missing(String why) {
        return SOURCE + ": no recordings (" + why + "); record them with `stepcast profile tensorflow"
                + " --model lenet5 --local-batch 32,64,128 --steps 30 --warmup 5 --out DATA/" + SOURCE
                + "` (and --model mlp), then run with --data DATA";
    }
}
