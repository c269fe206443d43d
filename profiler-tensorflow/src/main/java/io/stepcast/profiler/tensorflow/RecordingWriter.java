package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stepcast.api.Observation;
import io.stepcast.datasets.parquet.ObservationFiles;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.trace.OpEvent;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

/**
 * Writes recordings into an output folder, one sub-folder per network and batch:
 * <pre>
 * OUT/lenet5-batch32/timeline-step1.json   Chrome trace of the first kept traced step (TensorFlow 1.x format)
 * OUT/lenet5-batch32/timeline-step2.json   ...
 * OUT/lenet5-batch32/optrace.parquet       the kept traced steps as an op trace (datasets' op-trace format,
 *                                          step k-1 = timeline-step{k}; model and local batch in its metadata)
 * OUT/lenet5-batch32/observation.json      the observation (median step times, machine, versions)
 * OUT/observations.json                    every observation in the folder (this run and earlier ones)
 * OUT/observations.parquet                 the same in datasets' observation format
 * </pre>
 * Every file goes to a temporary file first and is moved into place when complete.
 *
 * <p>Each timeline is TensorFlow 1.x's JSON plus, after {@code traceEvents}, an {@code otherData} object (the
 * Chrome trace format's field for metadata, shown by chrome://tracing and Perfetto, skipped by TensorFlow
 * tools) saying what was recorded: model, local batch, step, that the inputs were generated, threads, CPU and
 * library versions. A timeline read on its own thus still names its model and batch.
 */
public final class RecordingWriter {
    /** File name of the op trace in each batch folder. */
    public static final String OP_TRACE = "optrace.parquet";

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
            ObjectNode trace = ChromeTraceTimeline.of(recording.traces().get(k - 1));
            addProvenance(trace.putObject("otherData"), recording, k);
            JsonFiles.write(trace, file);
            timelines.add(file);
        }
        List<OpEvent> events = new ArrayList<>();
        for (int k = 0; k < recording.traces().size(); k++) {
            events.addAll(OpTraceEvents.of(k, recording.traces().get(k)));
        }
        Path opTrace = dir.resolve(OP_TRACE);
        OpTraceFiles.write(opTrace, events, Map.of(OpTraceFiles.MODEL_KEY, recording.network().name(),
                OpTraceFiles.LOCAL_BATCH_KEY, Integer.toString(recording.localBatch())));
        Observation observation = RecordingObservation.of(recording, machine, folder + "/observation.json");
        Path observationFile = dir.resolve("observation.json");
        JsonFiles.write(ObservationJson.of(observation), observationFile);
        written.add(observation);
        return new WrittenRecording(observation, timelines, opTrace, observationFile);
    }

    private void addProvenance(ObjectNode other, BatchRecording r, int step) {
        SessionThreads threads = r.plan().threads();
        other.put("recorded_by", "stepcast profile tensorflow");
        other.put("model", r.network().name());
        other.put("definition", r.network().definition());
        other.put("dataset", r.network().dataset());
        other.put("local_batch", r.localBatch());
        other.put("traced_step", step);
        other.put("inputs", "generated: one batch of uniform [0,1) images and random one-hot labels, seed "
                + r.plan().seed() + "; op durations do not depend on the values");
        other.put("optimizer", "gradient descent, learning rate " + r.network().learningRate());
        other.put("parameter_bytes", r.parameterBytes());
        other.put("intra_threads", threads.intra());
        other.put("inter_threads", threads.inter());
        other.put("cpu_model", machine.cpuModel());
        other.put("tensorflow", TensorFlowRuntime.tensorflowVersion());
        other.put("tensorflow_java", TensorFlowRuntime.tensorflowJavaVersion());
    }

    /**
     * Writes {@code OUT/observations.json} and {@code OUT/observations.parquet}: the observations already in
     * that Parquet file (from earlier runs into the same folder, for example other models) followed by every
     * observation written so far, a new one replacing an old one of the same source; returns the Parquet file.
     */
    public Path writeSummary() throws IOException {
        Path parquet = out.resolve("observations.parquet");
        Set<String> sources = new HashSet<>();
        written.forEach(o -> sources.add(o.source()));
        List<Observation> all = new ArrayList<>();
        if (Files.exists(parquet)) {
            ObservationFiles.read(parquet).stream().filter(o -> !sources.contains(o.source())).forEach(all::add);
        }
        all.addAll(written);
        ArrayNode json = JsonNodeFactory.instance.arrayNode();
        all.forEach(o -> json.add(ObservationJson.of(o)));
        JsonFiles.write(json, out.resolve("observations.json"));
        ObservationFiles.write(parquet, all);
        return parquet;
    }

    /**
     * What was written for one recording.
     *
     * @param observation     the observation
     * @param timelines       the timeline files, in step order
     * @param opTrace         the op-trace Parquet file
     * @param observationFile the observation's JSON file
     */
    public record WrittenRecording(Observation observation, List<Path> timelines, Path opTrace, Path observationFile) {
        public WrittenRecording {
            timelines = List.copyOf(timelines);
        }
    }
}
