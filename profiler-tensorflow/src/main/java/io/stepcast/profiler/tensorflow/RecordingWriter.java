package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import io.stepcast.api.Observation;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Writes recordings into an output folder, one sub-folder per network and batch:
 * <pre>
 * OUT/lenet5-batch32/timeline-step1.json   Chrome trace of the first kept traced step (TensorFlow 1.x format)
 * OUT/lenet5-batch32/timeline-step2.json   ...
 * OUT/lenet5-batch32/observation.json      the observation (median step times, machine, versions)
 * OUT/observations.json                    every observation written by this run
 * </pre>
 * Every file goes to a temporary file first and is moved into place when complete.
 */
public final class RecordingWriter {
    private final Path out;
    private final MachineInfo machine;
    private final List<Observation> written = new ArrayList<>();

    /** A writer into {@code out} (created when missing). */
    public RecordingWriter(Path out, MachineInfo machine) {
        this.out = out;
        this.machine = machine;
    }

    /** The sub-folder of a network and batch, relative to the output folder. */
    public static String folder(String model, int localBatch) {
        return model + "-batch" + localBatch;
    }

    /** Name of the timeline file of the {@code k}-th kept traced step (from 1). */
    public static String timelineName(int k) {
        return "timeline-step" + k + ".json";
    }

    /** Writes the timelines and the observation of {@code recording}; returns what was written. */
    public WrittenRecording write(BatchRecording recording) throws IOException {
        String folder = folder(recording.network().name(), recording.localBatch());
        Path dir = out.resolve(folder);
        List<Path> timelines = new ArrayList<>();
        for (int k = 1; k <= recording.traces().size(); k++) {
            Path file = dir.resolve(timelineName(k));
            JsonFiles.write(ChromeTraceTimeline.of(recording.traces().get(k - 1)), file);
            timelines.add(file);
        }
        Observation observation = RecordingObservation.of(recording, machine, folder + "/observation.json");
        Path observationFile = dir.resolve("observation.json");
        JsonFiles.write(ObservationJson.of(observation), observationFile);
        written.add(observation);
        return new WrittenRecording(observation, timelines, observationFile);
    }

    /** Writes {@code OUT/observations.json} with every observation written so far. */
    public Path writeSummary() throws IOException {
        ArrayNode all = JsonNodeFactory.instance.arrayNode();
        written.forEach(o -> all.add(ObservationJson.of(o)));
        Path file = out.resolve("observations.json");
        JsonFiles.write(all, file);
        return file;
    }

    /**
     * What was written for one recording.
     *
     * @param observation     the observation
     * @param timelines       the timeline files, in step order
     * @param observationFile the observation's JSON file
     */
    public record WrittenRecording(Observation observation, List<Path> timelines, Path observationFile) {
        public WrittenRecording {
            timelines = List.copyOf(timelines);
        }
    }
}
