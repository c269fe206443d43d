package io.stepcast.profiler.tensorflow;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.profile.ParameterTensor;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.ComputeOp;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.timeline.TimelineImporter;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestInstance;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;

import static org.assertj.core.api.Assertions.assertThat;

/** Records real LeNet-5 training steps at batch 32 with TensorFlow and checks what the timeline holds. */
@TestInstance(TestInstance.Lifecycle.PER_CLASS)
class LenetSmokeTest {
    private BatchRecording recording;
    private RecordingWriter.WrittenRecording written;
    private JsonNode timeline;

    @BeforeAll
    void record(@TempDir Path out) throws IOException {
        RecordingPlan plan = new RecordingPlan(5, 2, 2, new SessionThreads(1, 1), 7);
        recording = new TensorFlowProfiler(plan).record(new Lenet5(), 32);
        written = new RecordingWriter(out, MachineInfo.detect()).write(recording);
        timeline = new ObjectMapper().readTree(written.timelines().get(0).toFile());
    }

    private List<JsonNode> events(String ph) {
        List<JsonNode> list = new ArrayList<>();
        timeline.get("traceEvents").forEach(e -> {
            if (e.get("ph").asText().equals(ph)) {
                list.add(e);
            }
        });
        return list;
    }

    @Test
    void theGraphHasTheEightParameterTensorsOfBigDlLenet5() {
        Map<String, Long> bytes = recording.parameters().stream()
                .collect(Collectors.toMap(ModelParameter::name, ModelParameter::bytes));
        assertThat(bytes).containsExactlyInAnyOrderEntriesOf(LENET5_BYTES);
        assertThat(recording.parameterBytes()).isEqualTo(22_278L * 4);
    }

    private static final Map<String, Long> LENET5_BYTES = Map.of(
            "conv1/weights", 600L, "conv1/bias", 24L,
            "conv2/weights", 7200L, "conv2/bias", 48L,
            "fc1/weights", 76800L, "fc1/bias", 400L,
            "fc2/weights", 4000L, "fc2/bias", 40L);

    @Test
    void theOpTraceReadsBackAsAProfileOfTheEightParameterTensors() throws IOException {
        Profile profile = OpTraceFiles.readProfile(written.opTrace());
        assertThat(profile.model()).isEqualTo("lenet5");
        assertThat(profile.localBatch()).isEqualTo(32);
        assertThat(profile.parameters()).extracting(ParameterTensor::name, ParameterTensor::bytes)
                .containsExactlyInAnyOrderElementsOf(LENET5_BYTES.entrySet().stream()
                        .map(e -> org.assertj.core.groups.Tuple.tuple(e.getKey(), e.getValue())).toList());
        assertThat(profile.receives()).hasSize(8);
        assertThat(profile.sends()).hasSize(8).allSatisfy(s ->
                assertThat(s.bytes()).isEqualTo(LENET5_BYTES.get(s.tensor())));
        // The loss depends on every parameter; the first convolution only on its own two.
        assertThat(profile.ops()).filteredOn(op -> op.name().equals("loss")).singleElement()
                .satisfies(op -> assertThat(op.requires()).containsExactlyInAnyOrderElementsOf(LENET5_BYTES.keySet()));
        assertThat(profile.ops()).filteredOn(op -> op.type().contains("Conv2D") && op.requires().contains("conv1/weights"))
                .first().satisfies(op -> assertThat(op.requires()).containsExactlyInAnyOrder("conv1/weights", "conv1/bias"));
        assertThat(profile.stepTimeUs()).isPositive();
        assertThat(profile.computeUs()).isPositive();
        assertThat(OpTraceFiles.read(written.opTrace())).extracting(e -> e.step()).containsOnly(0, 1);
    }

    @Test
    void theTimelineImporterReadsTheTimelineIntoTheSameProfile() throws IOException {
        Path file = written.timelines().get(0);
        Profile imported = new TimelineImporter().readProfile(file, "lenet5", 32);
        assertThat(imported.parameters()).extracting(ParameterTensor::name, ParameterTensor::bytes)
                .containsExactlyInAnyOrderElementsOf(LENET5_BYTES.entrySet().stream()
                        .map(e -> org.assertj.core.groups.Tuple.tuple(e.getKey(), e.getValue())).toList());
        assertThat(imported.parameterBytes()).isEqualTo(89_112L);
        assertThat(imported.sends()).hasSize(8).allSatisfy(s ->
                assertThat(s.bytes()).isEqualTo(LENET5_BYTES.get(s.tensor())));
        // The timeline and the op trace written from the same step statistics give the same profile.
        Profile direct = OpTraceFiles.readProfile(written.opTrace());
        assertThat(imported.ops()).hasSameSizeAs(direct.ops());
        assertThat(imported.stepTimeUs()).isEqualTo(direct.stepTimeUs());
        assertThat(imported.receives()).isEqualTo(direct.receives());
        assertThat(imported.sends()).isEqualTo(direct.sends());
        Map<String, Set<String>> importedRequires = imported.ops().stream()
                .collect(Collectors.toMap(ComputeOp::name, ComputeOp::requires));
        direct.ops().forEach(op -> assertThat(importedRequires.get(op.name())).as(op.name()).isEqualTo(op.requires()));
    }

    @Test
    void theLossGoesDown() {
        assertThat(recording.losses()).hasSize(plan().totalSteps());
        List<Float> losses = recording.losses();
        // Gradient descent on one fixed batch: every step lowers the loss, and ten steps lower it by over 5%.
        for (int i = 1; i < losses.size(); i++) {
            assertThat(losses.get(i)).as("losses %s", losses).isLessThan(losses.get(i - 1));
        }
        assertThat(recording.lastLoss()).as("losses %s", losses).isLessThan(recording.firstLoss() * 0.95f);
    }

    @Test
    void stepTimesAreMeasuredForEveryStep() {
        assertThat(recording.untracedS()).hasSize(5).allSatisfy(s -> assertThat(s).isPositive());
        assertThat(recording.tracedS()).hasSize(2).allSatisfy(s -> assertThat(s).isPositive());
        assertThat(written.timelines()).hasSize(2);
    }

    @Test
    void theTimelineHoldsConvolutionMatmulReadAndApplyOpsWithDurations() {
        List<JsonNode> ops = events("X");
        Map<String, List<JsonNode>> byNode = ops.stream().collect(Collectors.groupingBy(e -> e.at("/args/name").asText()));
        assertThat(ops).anySatisfy(e -> assertThat(e.get("name").asText()).contains("Conv2D"));
        assertThat(ops).anySatisfy(e -> assertThat(e.get("name").asText()).contains("MatMul"));
        List<JsonNode> reads = ops.stream().filter(e -> e.get("name").asText().equals("ReadVariableOp")).toList();
        assertThat(reads).extracting(e -> e.at("/args/name").asText()).containsExactlyInAnyOrder(
                "conv1/weights/read", "conv1/bias/read", "conv2/weights/read", "conv2/bias/read",
                "fc1/weights/read", "fc1/bias/read", "fc2/weights/read", "fc2/bias/read");
        assertThat(reads).allSatisfy(e -> assertThat(e.at("/args/input0").asText())
                .isEqualTo(e.at("/args/name").asText().replace("/read", "")));
        List<JsonNode> applies = ops.stream()
                .filter(e -> e.get("name").asText().equals("ResourceApplyGradientDescent")).toList();
        assertThat(applies).hasSize(8);
        assertThat(applies).allSatisfy(e -> {
            assertThat(e.at("/args/input0").asText()).isIn(recording.parameters().stream().map(ModelParameter::name).toList());
            assertThat(e.at("/args/input1").asText()).isEqualTo("GradientDescent/learning_rate");
        });
        // Weight gradients come from ops of the trace. (oneDNN fuses a convolution bias's BiasAddGrad into
        // the filter gradient op, and the label of its update still names the removed node.)
        assertThat(applies).filteredOn(e -> e.at("/args/input0").asText().endsWith("weights"))
                .allSatisfy(e -> assertThat(byNode).containsKey(e.at("/args/input2").asText()));
        assertThat(ops).allSatisfy(e -> {
            assertThat(e.get("ts").isIntegralNumber()).isTrue();
            assertThat(e.get("dur").asLong()).isNotNegative();
        });
        long convMicros = ops.stream().filter(e -> e.get("name").asText().contains("Conv2D"))
                .mapToLong(e -> e.get("dur").asLong()).sum();
        assertThat(convMicros).isPositive();
    }

    @Test
    void tensorSnapshotsCarryTheBytesOfEveryParameterRead() {
        Map<String, String> snapshots = events("O").stream().collect(Collectors.toMap(
                e -> e.get("name").asText(), e -> e.at("/args/snapshot/tensor_description").asText()));
        assertThat(snapshots.get("conv1/weights/read")).contains("requested_bytes: 600").doesNotContain("\"");
        assertThat(snapshots.get("fc1/weights/read")).contains("requested_bytes: 76800");
        // oneDNN fuses conv1's Conv2D and BiasAdd: the fused node keeps the BiasAdd's name.
        String conv1 = events("X").stream().filter(e -> e.at("/args/input1").asText().equals("conv1/weights/read"))
                .filter(e -> e.get("name").asText().contains("Conv2D")).findFirst().orElseThrow()
                .at("/args/name").asText();
        String convOutput = snapshots.get(conv1);
        assertThat(convOutput).contains("allocated_bytes: " + 32 * 24 * 24 * 6 * 4);
    }

    @Test
    void theTimelineIsAValidChromeTrace() {
        JsonNode events = timeline.get("traceEvents");
        assertThat(timeline.fieldNames()).toIterable().containsExactly("traceEvents", "otherData");
        assertThat(timeline.at("/otherData/model").asText()).isEqualTo("lenet5");
        assertThat(timeline.at("/otherData/local_batch").asInt()).isEqualTo(32);
        assertThat(timeline.at("/otherData/inputs").asText()).startsWith("generated");
        assertThat(events.isArray()).isTrue();
        events.forEach(e -> {
            assertThat(e.get("ph").asText()).isIn("M", "X", "N", "O", "D", "s", "t", "C");
            assertThat(e.get("pid").isInt()).as("pid of %s", e).isTrue();
            assertThat(e.hasNonNull("name")).isTrue();
            if (!e.get("ph").asText().equals("M")) {
                assertThat(e.get("ts").isIntegralNumber()).as("ts of %s", e).isTrue();
                assertThat(e.get("tid").isInt()).as("tid of %s", e).isTrue();
            }
        });
        List<JsonNode> meta = events("M");
        assertThat(meta).extracting(e -> e.at("/args/name").asText())
                .contains("Allocators", "/job:localhost/replica:0/task:0/device:CPU:0 Compute",
                        "/job:localhost/replica:0/task:0/device:CPU:0 Tensors");
        // Metadata precedes events, as TensorFlow 1.x writes it.
        int firstNonMeta = 0;
        while (events.get(firstNonMeta).get("ph").asText().equals("M")) {
            firstNonMeta++;
        }
        assertThat(firstNonMeta).isEqualTo(meta.size());
        // Events of one lane never overlap: that is what a lane is.
        Map<Integer, List<JsonNode>> byLane = events("X").stream().collect(Collectors.groupingBy(e -> e.get("tid").asInt()));
        byLane.values().forEach(lane -> {
            List<JsonNode> sorted = lane.stream().sorted((a, b) -> Long.compare(a.get("ts").asLong(), b.get("ts").asLong())).toList();
            for (int i = 1; i < sorted.size(); i++) {
                JsonNode prev = sorted.get(i - 1);
                assertThat(sorted.get(i).get("ts").asLong()).isGreaterThan(prev.get("ts").asLong() + prev.get("dur").asLong() - 1);
            }
        });
    }

    @Test
    void theObservationHoldsMedianStepTimesAndTheMachine() throws IOException {
        var o = written.observation();
        assertThat(o.config().model()).isEqualTo("lenet5");
        assertThat(o.config().localBatch()).isEqualTo(32);
        assertThat(o.config().workload().parameterBytes()).hasValue(89_112L);
        assertThat(o.measurements().stepTimeS()).hasValue(recording.medianUntracedS());
        assertThat(Double.parseDouble(o.tags().get("traced_step_time_s"))).isCloseTo(recording.medianTracedS(),
                org.assertj.core.data.Percentage.withPercentage(0.01));
        double span = Double.parseDouble(o.tags().get("traced_span_s"));
        assertThat(span).isPositive().isLessThanOrEqualTo(recording.tracedS().stream().mapToDouble(Double::doubleValue).max().orElseThrow());
        // The importer's step time is the span of the timeline it reads.
        assertThat(BatchRecording.spanS(recording.traces().get(0)) * 1e6)
                .isCloseTo(OpTraceFiles.readProfile(written.opTrace()).stepTimeUs(), org.assertj.core.data.Offset.offset(1e-6));
        assertThat(o.tags().get("tensorflow")).startsWith("2.");
        assertThat(o.tags().get("tensorflow_java")).isEqualTo("1.1.0");
        assertThat(o.tags()).containsKeys("cpu_model", "intra_threads", "inter_threads", "inputs");
        assertThat(o.source()).isEqualTo("tf-profile:lenet5-batch32/observation.json");
    }

    private RecordingPlan plan() {
        return recording.plan();
    }
}
