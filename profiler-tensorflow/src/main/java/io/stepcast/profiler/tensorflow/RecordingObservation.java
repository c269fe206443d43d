package io.stepcast.profiler.tensorflow;

import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Measurements;
import io.stepcast.api.Observation;
import io.stepcast.api.StepcastVersion;
import io.stepcast.api.Target;

import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;

/**
 * Turns a {@link BatchRecording} into an {@link Observation} of one worker training alone.
 *
 * <p>Mapping (our choice, in the spirit of docs/data-model.md): model = the network's name, framework
 * {@code tensorflow}, dataset = the network's dataset, parameterBytes = the bytes of its parameter
 * tensors; architecture {@code ALLREDUCE} with 1 worker, 1 node and no parameter server (a single worker
 * exchanges nothing), devicesPerWorker = intra-op threads (the cores one worker uses), hardware = the CPU
 * model; localBatch = the batch. Measurement: {@code stepTimeS} = median untraced step time, {@code runs}
 * = the timed steps, with their standard deviation. Tags: {@code traced_step_time_s} (median traced step,
 * so the tracing overhead is visible), {@code min_step_time_s} (the fastest timed step: on a shared machine
 * the least disturbed one), {@code traced_span_s} (median executor span of the traced steps,
 * the step time an importer reads from the timelines), {@code cpu_model}, {@code logical_cpus}, {@code intra_threads},
 * {@code inter_threads}, library versions, the loss of the first and last step, and {@code inputs}
 * saying the inputs were generated. Source: {@code tf-profile:<file relative to the output folder>}.
 */
public final class RecordingObservation {
    /** Dataset identifier of observations recorded by this module. */
    public static final String SOURCE = "tf-profile";

    private RecordingObservation() {
    }

    /** The observation of {@code recording}, stored in {@code relativeFile} of the output folder. */
    public static Observation of(BatchRecording recording, MachineInfo machine, String relativeFile) {
        SessionThreads threads = recording.plan().threads();
        Config config = Config.builder()
                .model(recording.network().name())
                .framework("tensorflow")
                .dataset(recording.network().dataset())
                .parameterBytes(recording.parameterBytes())
                .architecture(Architecture.ALLREDUCE)
                .workers(1)
                .nodes(1)
                .devicesPerWorker(threads.intra())
                .hardware(machine.cpuModel())
                .localBatch(recording.localBatch())
                .build();
        Measurements measurements = Measurements.builder()
                .stepTimeS(recording.medianUntracedS())
                .runs(recording.untracedS().size())
                .standardDeviation(Target.STEP_TIME, recording.untracedStandardDeviationS())
                .build();
        Map<String, String> tags = new TreeMap<>();
        tags.put("traced_step_time_s", number(recording.medianTracedS()));
        tags.put("min_step_time_s", number(recording.untracedS().stream().mapToDouble(Double::doubleValue).min()
                .orElse(Double.NaN)));
        tags.put("traced_span_s", number(recording.medianTracedSpanS()));
        tags.put("tracing_overhead_s", number(recording.medianTracedS() - recording.medianUntracedS()));
        tags.put("cpu_model", machine.cpuModel());
        tags.put("logical_cpus", Integer.toString(machine.logicalCpus()));
        tags.put("intra_threads", Integer.toString(threads.intra()));
        tags.put("inter_threads", Integer.toString(threads.inter()));
        tags.put("tensorflow", TensorFlowRuntime.tensorflowVersion());
        tags.put("tensorflow_java", TensorFlowRuntime.tensorflowJavaVersion());
        tags.put("java", machine.java());
        tags.put("os", machine.os());
        tags.put("stepcast", StepcastVersion.get());
        tags.put("warmup_steps", Integer.toString(recording.plan().warmup()));
        tags.put("traced_steps", Integer.toString(recording.plan().tracedSteps()));
        tags.put("optimizer", "gradient_descent lr=" + recording.network().learningRate());
        tags.put("loss_first", number(recording.firstLoss()));
        tags.put("loss_last", number(recording.lastLoss()));
        tags.put("inputs", "generated: one batch of uniform [0,1) images and random one-hot labels, seed "
                + recording.plan().seed() + "; step times do not depend on the values");
        tags.put("definition", recording.network().definition());
        return new Observation(config, measurements, SOURCE + ":" + relativeFile, 0, tags);
    }

    private static String number(double v) {
        return String.format(Locale.ROOT, "%.6g", v);
    }
}
