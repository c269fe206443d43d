package io.stepcast.datasets.timeline;

import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.trace.OpEvent;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/** Synthetic TensorFlow GPU, distributed and TF2 profiler traces built to the published formats of those tools. */
class GpuAndDistributedTimelineTest {
    @TempDir
    Path dir;

    private static String meta(int pid, String name) {
        return "{\"name\":\"process_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"args\":{\"name\":\"" + name + "\"}}";
    }

    private static String thread(int pid, int tid, String name) {
        return "{\"name\":\"thread_name\",\"ph\":\"M\",\"pid\":" + pid + ",\"tid\":" + tid
                + ",\"args\":{\"name\":\"" + name + "\"}}";
    }

    private static String op(int pid, long ts, long dur, String node, String type) {
        return "{\"ph\":\"X\",\"cat\":\"Op\",\"name\":\"" + type + "\",\"pid\":" + pid + ",\"tid\":0,\"ts\":" + ts
                + ",\"dur\":" + dur + ",\"args\":{\"name\":\"" + node + "\",\"op\":\"" + type + "\"}}";
    }

    private Path write(String name, List<String> events) throws IOException {
        Path f = dir.resolve(name);
        Files.writeString(f, "{\"traceEvents\": [\n" + String.join(",\n", events) + "\n]}");
        return f;
    }

    private static List<OpEvent> events(Path f) throws IOException {
        List<OpEvent> out = new ArrayList<>();
        new TimelineImporter().stream(f, out::add);
        return out;
    }

    @Test
    void aKernelOnStreamAllAndOnItsStreamIsCountedOnceAndTheRunIsOneStep() throws IOException {
        List<String> e = new ArrayList<>(List.of(
                meta(0, "/job:localhost/replica:0/task:0/device:GPU:0 Compute"),
                meta(1, "/device:GPU:0/stream:all Compute"),
                meta(2, "/device:GPU:0/stream:7 Compute"),
                meta(3, "/device:GPU:0/memcpy Compute")));
        e.add(op(3, 100, 50, "input/_0", "MEMCPYHtoD"));
        for (int i = 0; i < 5; i++) {
            e.add(op(0, 150 + 10 * i, 5, "conv" + i, "Conv2D"));
            // two kernels of the same op, and the same two again on stream:all
            e.add(op(2, 200 + 100 * i, 40, "conv" + i, "Conv2D"));
            e.add(op(2, 240 + 100 * i, 40, "conv" + i, "Conv2D"));
            e.add(op(1, 200 + 100 * i, 40, "conv" + i, "Conv2D"));
            e.add(op(1, 240 + 100 * i, 40, "conv" + i, "Conv2D"));
        }
        Path f = write("synthetic-gpu.json", e);
        List<OpEvent> ops = events(f);
        assertThat(ops).extracting(OpEvent::step).containsOnly(0);
        assertThat(ops).hasSize(1 + 5 + 10);
        ProfileSummary s = new TimelineSummariser().summarise(f);
        assertThat(s.stepTimesS()).hasSize(1);
        assertThat(s.stepTimesS().get(0)).isCloseTo((680 - 100) / 1e6, within(1e-12));
    }

    /**
     * One {@code session.run} of a TensorFlow 1.x GPU timeline as {@code timeline.Timeline} lays it out (process by
     * process, each device's executor starting with its own {@code _SOURCE}), from {@code t0}: a copy in, a kernel,
     * a copy out, each copy on its stream and again on {@code memcpy}, each kernel again on {@code stream:all}.
     */
    private static List<String> gpuRun(long t0) {
        return List.of(
                op(1, t0, 8, "_SOURCE", "NoOp"),
                op(2, t0 + 2, 30, "_SOURCE", "NoOp"),
                op(2, t0 + 40, 10, "MatMul", "MatMul"),
                op(4, t0 + 60, 500, "MatMul", "MatMul"),
                op(3, t0 + 60, 500, "MatMul", "MatMul"),
                op(5, t0 + 20, 30, "edge_3_x", "MEMCPYHtoD"),
                op(5, t0 + 600, 40, "edge_22_MatMul", "MEMCPYDtoH"),
                op(6, t0 + 20, 30, "edge_3_x", "MEMCPYHtoD"),
                op(6, t0 + 600, 40, "edge_22_MatMul", "MEMCPYDtoH"));
    }

    private static List<String> gpuProcesses() {
        return List.of(
                meta(1, "/job:localhost/replica:0/task:0/device:CPU:0 Compute"),
                meta(2, "/job:localhost/replica:0/task:0/device:GPU:0 Compute"),
                meta(3, "/device:GPU:0/stream:all Compute"),
                meta(4, "/device:GPU:0/stream:7 Compute"),
                meta(5, "/device:GPU:0/memcpy Compute"),
                meta(6, "/device:GPU:0/stream:14 Compute"));
    }

    @Test
    void theCpuAndGpuExecutorsSourcesAreOneStepAndTheRepeatedKernelsAndCopiesAreCountedOnce() throws IOException {
        List<String> e = new ArrayList<>(gpuProcesses());
        e.addAll(gpuRun(1000));
        Path f = write("synthetic-tf1-gpu-run.json", e);
        List<OpEvent> ops = events(f);
        assertThat(ops).extracting(OpEvent::step).containsOnly(0);
        // two _SOURCE and the MatMul of the executors, the kernel of stream 7, the two copies of stream 14
        assertThat(ops).hasSize(3 + 1 + 2);
        ProfileSummary s = new TimelineSummariser().summarise(f);
        assertThat(s.stepTimesS()).containsExactly((640 - 0) / 1e6);
        assertThat(s.device()).isEqualTo("/device:GPU:0");
    }

    @Test
    void twoSessionRunsOfOneFileAreTwoSteps() throws IOException {
        List<String> e = new ArrayList<>(gpuProcesses());
        e.addAll(gpuRun(1000));
        e.addAll(gpuRun(5000));
        Path f = write("synthetic-tf1-gpu-two-runs.json", e);
        assertThat(events(f)).extracting(OpEvent::step).containsOnly(0, 1);
        assertThat(new TimelineSummariser().summarise(f).stepTimesS()).containsExactly(640 / 1e6, 640 / 1e6);
    }

    @Test
    void theDeviceOfAnOlderTimelinesProcessNames() {
        assertThat(TimelineSummariser.deviceOf("/job:localhost/replica:0/task:0/gpu:0 Compute")).isEqualTo("/gpu:0");
        assertThat(TimelineSummariser.deviceOf("/gpu:0/stream:all Compute")).isEqualTo("/gpu:0");
        assertThat(TimelineSummariser.deviceOf("/job:localhost/replica:0/task:0/device:GPU:1 Compute"))
                .isEqualTo("/device:GPU:1");
    }

    @Test
    void aDistributedTimelineKeepsTheFirstWorkersViewWithTheParameterServersUpdates() throws IOException {
        Path f = write("synthetic-distributed.json", List.of(
                meta(0, "/job:ps/replica:0/task:0/device:CPU:0 Compute"),
                meta(1, "/job:worker/replica:0/task:0/device:CPU:0 Compute"),
                meta(2, "/job:worker/replica:0/task:1/device:CPU:0 Compute"),
                op(0, 10, 5, "w/Apply", "ApplyGradientDescent"),
                op(1, 10, 20, "w", "RecvTensor"),
                op(1, 30, 50, "matmul", "MatMul"),
                op(2, 12, 20, "w", "RecvTensor"),
                op(2, 32, 50, "matmul", "MatMul")));
        List<OpEvent> ops = events(f);
        assertThat(ops).hasSize(3).noneMatch(o -> o.device().startsWith("/job:worker/replica:0/task:1"));
        assertThat(ops).extracting(OpEvent::step).containsOnly(0);
    }

    @Test
    void aTf2ProfilerTraceHasItsStepsFromTheStepsThread() throws IOException {
        List<String> e = new ArrayList<>(List.of(
                meta(1, "/device:GPU:0"), thread(1, 1, "Stream #14(Compute)"), thread(1, 2, "TensorFlow Ops"),
                meta(2, "/host:CPU"), thread(2, 1, "Steps"), thread(2, 2, "TensorFlow Ops")));
        for (int s = 0; s < 3; s++) {
            long t0 = 1000L * s;
            e.add("{\"ph\":\"X\",\"pid\":2,\"tid\":1,\"ts\":" + t0 + ",\"dur\":900,\"name\":\"" + s + "\"}");
            e.add("{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":" + (t0 + 100) + ",\"dur\":300,\"name\":\"volta_sgemm\","
                    + "\"args\":{\"tf_op\":\"dense/MatMul:MatMul\"}}");
            e.add("{\"ph\":\"X\",\"pid\":1,\"tid\":1,\"ts\":" + (t0 + 500) + ",\"dur\":200,"
                    + "\"name\":\"ncclKernel_AllReduce_RING_LL_Sum_float\"}");
        }
        Path f = dir.resolve("synthetic.trace.json.gz");
        try (var out = new GZIPOutputStream(Files.newOutputStream(f))) {
            out.write(("{\"displayTimeUnit\":\"ns\",\"metadata\":{\"highres-ticks\":true},\"traceEvents\":[\n"
                    + String.join(",\n", e) + "\n]}").getBytes(StandardCharsets.UTF_8));
        }
        ProfileSummary s = io.stepcast.datasets.inspect.ProfileFormats.summarise(f);
        assertThat(s.format()).isEqualTo("tf2-profiler");
        assertThat(s.stepTimesS()).containsExactly(900e-6, 900e-6, 900e-6);
        assertThat(s.computeS()).isCloseTo(300e-6, within(1e-12));
        assertThat(s.communicationS()).isCloseTo(200e-6, within(1e-12));
        assertThat(s.exposedCommunicationS()).isCloseTo(200e-6, within(1e-12));
        assertThat(s.device()).isEqualTo("/device:GPU:0");

        // Its profile is one step from the Steps thread (not the whole trace read as a TF 1.x timeline), the NCCL
        // kernel a collective of unknown size, and its op trace has a marker row per step.
        io.stepcast.api.profile.Profile p = new TfTimelineReader().read(f, io.stepcast.api.plugin.ImportOptions.none());
        assertThat(p.stepTimeUs()).isCloseTo(900, within(1e-9));
        assertThat(p.ops()).hasSize(1).allMatch(o -> o.type().equals("MatMul") && o.startUs() == 100);
        assertThat(p.collectives()).hasSize(1).allMatch(c -> c.bytes().isEmpty() && c.startUs() == 500);
        assertThat(p.rank().worldSize()).isEqualTo(1);
        Path parquet = dir.resolve("tf2.parquet");
        new TfTimelineReader().importToParquet(f, parquet, Optional.empty(),
                io.stepcast.api.plugin.ImportOptions.none());
        try (var rows = io.stepcast.datasets.parquet.OpTraceFiles.reader(parquet)) {
            List<OpEvent> all = new ArrayList<>();
            for (OpEvent o = rows.next(); o != null; o = rows.next()) {
                all.add(o);
            }
            assertThat(all).hasSize(9);
            assertThat(all).filteredOn(o -> o.type().equals(io.stepcast.datasets.trace.ProfileAssembler.STEP_MARKER))
                    .extracting(OpEvent::step).containsExactly(0, 1, 2);
        }
    }
}
