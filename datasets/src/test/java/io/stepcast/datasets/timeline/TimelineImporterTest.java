package io.stepcast.datasets.timeline;

import io.stepcast.api.profile.ComputeOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.api.profile.Send;
import io.stepcast.datasets.io.DataFormatException;
import io.stepcast.datasets.parquet.OpTraceFiles;
import io.stepcast.datasets.trace.OpCategory;
import io.stepcast.datasets.trace.OpEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

class TimelineImporterTest {
    @TempDir
    Path dir;
    private final TimelineImporter importer = new TimelineImporter();

    private Path write(String name, String content) throws IOException {
        return Files.writeString(dir.resolve(name), content);
    }

    @Test
    void profileOfOneStep() throws IOException {
        Profile p = importer.readProfile(write("lenet.json", SyntheticTimelines.file(1)), "toy", 32);
        assertThat(p.model()).isEqualTo("toy");
        assertThat(p.localBatch()).isEqualTo(32);
        assertThat(p.parameters()).extracting(t -> t.name()).containsExactly("w1", "w2");
        assertThat(p.parametersByName().get("w1").bytes()).isEqualTo(3136);
        // requested_bytes wins over allocated_bytes
        assertThat(p.parametersByName().get("w2").bytes()).isEqualTo(5120);
        assertThat(p.receives()).hasSize(2);
        assertThat(p.receives().get(0).endUs()).isEqualTo(10.0);
        assertThat(p.stepTimeUs()).isEqualTo(120.0);
        Map<String, ComputeOp> ops = p.ops().stream().collect(Collectors.toMap(ComputeOp::name, o -> o));
        assertThat(ops).containsOnlyKeys("l1/MatMul", "l1/Relu", "l2/MatMul", "loss",
                "gradients/l2/MatMul_grad/MatMul_1", "gradients/l1/MatMul_grad/MatMul_1");
        assertThat(ops.get("l1/MatMul").requires()).containsExactly("w1");
        assertThat(ops.get("l1/Relu").requires()).containsExactly("w1");
        assertThat(ops.get("loss").requires()).containsExactlyInAnyOrder("w1", "w2");
        // control input (^) counts as a dependency
        assertThat(ops.get("gradients/l1/MatMul_grad/MatMul_1").requires()).containsExactlyInAnyOrder("w1", "w2");
        assertThat(ops.get("l1/MatMul").startUs()).isEqualTo(10.0);
        assertThat(ops.get("l1/MatMul").durationUs()).isEqualTo(30.0);
        assertThat(p.sends()).extracting(Send::tensor).containsExactly("w2", "w1");
        Send w1 = p.sends().get(1);
        assertThat(w1.producer()).isEqualTo("gradients/l1/MatMul_grad/MatMul_1");
        assertThat(w1.bytes()).isEqualTo(3136);
        assertThat(w1.startUs()).isEqualTo(115.0);
    }

    @Test
    void opEventsOfTheTrace() throws IOException {
        List<OpEvent> events = importer.firstStep(write("t.json", SyntheticTimelines.file(1)));
        assertThat(events).hasSize(11);
        OpEvent read = events.stream().filter(e -> e.name().equals("w2/read")).findFirst().orElseThrow();
        assertThat(read.category()).isEqualTo(OpCategory.RECEIVE);
        assertThat(read.tensor()).isEqualTo("w2");
        assertThat(read.requires()).containsExactly("w2");
        assertThat(read.device()).isEqualTo("/job:localhost/replica:0/task:0/device:CPU:0 Compute");
        assertThat(read.lane()).isEqualTo(1);
        OpEvent handle = events.stream().filter(e -> e.name().equals("w1")).findFirst().orElseThrow();
        assertThat(handle.category()).isEqualTo(OpCategory.OTHER);
        OpEvent update = events.stream().filter(e -> e.type().startsWith("ResourceApply")).findFirst().orElseThrow();
        assertThat(update.category()).isEqualTo(OpCategory.SEND);
        assertThat(update.producer()).isEqualTo("gradients/l2/MatMul_grad/MatMul_1");
    }

    @Test
    void repeatedNodesStartNewStepsAndParquetKeepsThemAll() throws IOException {
        Path t = write("three.json", SyntheticTimelines.file(3));
        Path out = dir.resolve("three.parquet");
        TimelineImporter.Summary s = importer.writeOpTrace(t, out, "toy", 16);
        assertThat(s.steps()).isEqualTo(3);
        assertThat(s.opEvents()).isEqualTo(33);
        assertThat(s.rows()).isEqualTo(33);
        List<OpEvent> back = OpTraceFiles.read(out);
        List<OpEvent> streamed = new ArrayList<>();
        importer.stream(t, streamed::add);
        // requirement sets are stored once and shared by id; the rows read back are the rows streamed
        assertThat(back).hasSize(33).isEqualTo(streamed);
        assertThat(back.get(32).step()).isEqualTo(2);
        Profile p = OpTraceFiles.readProfile(out);
        assertThat(p.model()).isEqualTo("toy");
        assertThat(p.localBatch()).isEqualTo(16);
        assertThat(p).isEqualTo(new io.stepcast.datasets.trace.ProfileAssembler().assemble(
                importer.firstStep(t), "toy", 16, out.toString()));
    }

    @Test
    void modelAndLocalBatchComeFromOtherDataWhenTheTraceHasThem() throws IOException {
        String base = SyntheticTimelines.file(1).strip();
        String withMeta = base.substring(0, base.length() - 1)
                + ", \"otherData\": {\"model\": \"lenet5\", \"local_batch\": 64, \"inputs\": {\"x\": 1}}}";
        Profile p = importer.readProfile(write("timeline-step1.json", withMeta));
        assertThat(p.model()).isEqualTo("lenet5");
        assertThat(p.localBatch()).isEqualTo(64);
        Profile plain = importer.readProfile(write("plain.json", base));
        assertThat(plain.model()).isEqualTo("plain");
        assertThat(plain.localBatch()).isEqualTo(1);
    }

    @Test
    void gzippedTimelinesAreRead() throws IOException {
        Path gz = dir.resolve("t.json.gz");
        try (OutputStream out = new GZIPOutputStream(Files.newOutputStream(gz))) {
            out.write(SyntheticTimelines.file(1).getBytes(StandardCharsets.UTF_8));
        }
        assertThat(importer.readProfile(gz).model()).isEqualTo("t");
    }

    @Test
    void tensorFlow2ProfilerEventsAreOpsWithoutDependencies() throws IOException {
        Path t = write("tf2.trace.json", "{\"displayTimeUnit\":\"ns\",\"traceEvents\":["
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":10.5,\"dur\":3.25,\"name\":\"MatMul\","
                + "\"args\":{\"long_name\":\"sequential/dense/MatMul:MatMul\"}},"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":2,\"ts\":9,\"dur\":1,\"name\":\"ReadVariableOp\","
                + "\"args\":{\"long_name\":\"sequential/dense/MatMul/ReadVariableOp:ReadVariableOp\"}}]}");
        List<OpEvent> events = importer.firstStep(t);
        assertThat(events).hasSize(2);
        assertThat(events.get(0).name()).isEqualTo("sequential/dense/MatMul");
        assertThat(events.get(0).type()).isEqualTo("MatMul");
        assertThat(events.get(0).durationUs()).isEqualTo(3.25);
        assertThat(events.get(1).category()).isEqualTo(OpCategory.RECEIVE);
        assertThat(events.get(1).tensor()).isEqualTo("sequential/dense/MatMul");
        assertThat(importer.readProfile(t).stepTimeUs()).isEqualTo(4.75);
    }

    @Test
    void truncatedJsonNamesFileAndLine() throws IOException {
        String full = SyntheticTimelines.file(1);
        Path t = write("cut.json", full.substring(0, full.length() / 2));
        assertThatThrownBy(() -> importer.readProfile(t)).isInstanceOf(DataFormatException.class)
                .hasMessageMatching(".*cut\\.json:\\d+:\\d+: the JSON ends too early.*");
    }

    @Test
    void negativeDurationIsRefused() throws IOException {
        Path t = write("neg.json", "{\"traceEvents\":[\n" + SyntheticTimelines.op(5, 1, 0, "a", "Add") + ",\n"
                + "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"ts\":5,\"dur\":-3,\"name\":\"Add\",\"args\":{\"name\":\"b\"}}]}");
        assertThatThrownBy(() -> importer.readProfile(t)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("neg.json:3:").hasMessageContaining("field dur")
                .hasMessageContaining("negative");
    }

    @Test
    void emptyWrongKindAndEventlessFilesAreRefused() throws IOException {
        assertThatThrownBy(() -> importer.readProfile(write("e.json", ""))).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("e.json").hasMessageContaining("empty");
        assertThatThrownBy(() -> importer.readProfile(write("gavel.json", "{\"k80\": {\"x\": {\"null\": 1.0}}}")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("gavel.json")
                .hasMessageContaining("no traceEvents");
        assertThatThrownBy(() -> importer.readProfile(write("list.json", "[1,2]")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("list.json:1:");
        assertThatThrownBy(() -> importer.readProfile(write("csv.json", "placement,local_bsz\n1,2\n")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("csv.json:1:");
        assertThatThrownBy(() -> importer.readProfile(write("none.json",
                "{\"traceEvents\":[" + SyntheticTimelines.meta(1, "x") + "]}")))
                .isInstanceOf(DataFormatException.class).hasMessageContaining("no op events");
    }

    @Test
    void aFailedImportLeavesNoParquetBehind() throws IOException {
        String full = SyntheticTimelines.file(2);
        Path t = write("cut.json", full.substring(0, full.length() - 40));
        Path out = dir.resolve("out.parquet");
        assertThatThrownBy(() -> importer.writeOpTrace(t, out)).isInstanceOf(DataFormatException.class);
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactly("cut.json");
        }
    }

    @Test
    void aBadEventFoundWhileWritingStopsTheImportAndNamesItsLine() throws IOException {
        // the converter, which checks ts, runs on the writing thread while the parser is far ahead
        String steps = SyntheticTimelines.file(1200);
        String bad = "{\"ph\":\"X\",\"pid\":1,\"tid\":0,\"dur\":3,\"name\":\"Add\",\"args\":{\"name\":\"late\"}}";
        int cut = steps.lastIndexOf("\n]}");
        Path t = write("late.json", steps.substring(0, cut) + ",\n" + bad + steps.substring(cut));
        long line = steps.substring(0, cut).lines().count() + 1;
        Path out = dir.resolve("late.parquet");
        Files.writeString(out, "an earlier import");
        assertThatThrownBy(() -> importer.writeOpTrace(t, out)).isInstanceOf(DataFormatException.class)
                .hasMessageContaining("late.json:" + line + ":").hasMessageContaining("without field ts");
        assertThat(Files.readString(out)).isEqualTo("an earlier import");
        try (var s = Files.list(dir)) {
            assertThat(s.map(p -> p.getFileName().toString())).containsExactlyInAnyOrder("late.json", "late.parquet");
        }
    }
}
