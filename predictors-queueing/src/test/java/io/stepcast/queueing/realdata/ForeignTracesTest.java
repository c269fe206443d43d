package io.stepcast.queueing.realdata;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.stepcast.api.Architecture;
import io.stepcast.api.Config;
import io.stepcast.api.Predictor;
import io.stepcast.api.Target;
import io.stepcast.api.TrainingSet;
import io.stepcast.api.collective.Collective;
import io.stepcast.api.profile.CollectiveOp;
import io.stepcast.api.profile.Profile;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.datasets.inspect.ProfileSummary;
import io.stepcast.datasets.kineto.KinetoReader;
import io.stepcast.datasets.timeline.TfTimelineReader;
import io.stepcast.queueing.cli.SimulateCli;
import io.stepcast.queueing.cli.SimulateCommand;
import io.stepcast.queueing.simulation.SimulationEstimator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

/**
 * Profiler traces of other jobs than those of {@code shared/data} ({@code src/test/resources/foreign-traces}, whose
 * README says where each comes from): a real TensorFlow 1.x GPU timeline, and synthetic PyTorch profiler traces in
 * the real format of FSDP (all-gather, reduce-scatter), expert-parallel all-to-all and pipeline send/recv jobs.
 * Each is read by {@code profile inspect}'s summariser and replayed by {@code stepcast simulate} at its own scale.
 */
class ForeignTracesTest {
    private static final String FSDP = "synthetic-fsdp-a100-80gb-world4-rank1.pt.trace.json";
    private static final String MOE = "synthetic-moe-alltoall-h100-world8-rank5.pt.trace.json";
    private static final String PIPELINE = "synthetic-pipeline-v100-world4-rank2.pt.trace.json";
    private static final String TF1_GPU = "tf1-gpu-timeline-matmul.json";

    private final SimulateCli cli = new SimulateCli(() -> new SimulateCommand(Optional.of(new DefaultProfileSource()),
            Optional.of(new DefaultHardwareCatalog())));

    @TempDir
    Path dir;

    private static Path trace(String name) {
        try {
            return Path.of(ForeignTracesTest.class.getResource("/foreign-traces/" + name).toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    private JsonNode simulate(Path trace, String workers, String... more) throws IOException {
        String[] args = new String[4 + more.length];
        args[0] = "--profile";
        args[1] = trace.toString();
        args[2] = "--workers";
        args[3] = workers;
        System.arraycopy(more, 0, args, 4, more.length);
        String[] withJson = java.util.Arrays.copyOf(args, args.length + 1);
        withJson[args.length] = "--json";
        assertThat(cli.run(withJson)).as(cli.err().toString()).isEqualTo(0);
        String out = cli.out().toString();
        cli.out().getBuffer().setLength(0);
        return new ObjectMapper().readTree(out).get("points");
    }

    private static ProfileSummary.CollectiveCount collective(ProfileSummary s, Collective kind) {
        return s.collectives().stream().filter(c -> c.op().equals(kind.label())).findFirst()
                .orElseThrow(() -> new AssertionError("no " + kind.label() + " in " + s.collectives()));
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource({FSDP + ",4", MOE + ",8", PIPELINE + ",4"})
    void aForeignKinetoTraceReplaysAtItsOwnWorldSizeWithinFifteenPercentOfItsMedianStep(String name, int world)
            throws IOException {
        ProfileSummary s = new KinetoReader().summarise(trace(name));
        assertThat(s.worldSize()).isEqualTo(world);
        // No --hardware: the trace's own scale needs no links.
        JsonNode points = simulate(trace(name), "1," + world);
        double replayed = points.get(1).get("step_s").asDouble();
        assertThat(replayed).isCloseTo(s.medianStepS(), within(0.15 * s.medianStepS()));
        // One worker does no collective: never slower.
        assertThat(points.get(0).get("step_s").asDouble()).isLessThan(replayed);
    }

    @Test
    void fsdpCollectivesAreAllGathersAndReduceScattersWithTheirMeasuredBytes() throws IOException {
        // ncclDevKernel_AllGather_RING_LL / ncclDevKernel_ReduceScatter_Sum_f32_RING_LL (NCCL 2.19 names), the
        // kernels' Collective name _allgather_base / _reduce_scatter_base
        ProfileSummary s = new KinetoReader().summarise(trace(FSDP));
        assertThat(s.device()).isEqualTo("NVIDIA A100-SXM4-80GB");
        assertThat(s.collectives()).hasSize(2);
        assertThat(collective(s, Collective.ALL_GATHER).count()).isEqualTo(4.0);
        assertThat(collective(s, Collective.ALL_GATHER).bytes()).hasValue(4 * 2_097_152 * 4.0);
        assertThat(collective(s, Collective.REDUCE_SCATTER).count()).isEqualTo(2.0);
        assertThat(collective(s, Collective.REDUCE_SCATTER).bytes()).isPresent();
    }

    @Test
    void allToAllNamedOnlyByRecordParamCommsIsAnAllToAllWithItsBytesNotAnAllReduce() throws IOException {
        // Its SendRecv kernels carry no arguments and no nccl:* annotation encloses them.
        Profile p = new DefaultProfileSource().read(trace(MOE));
        assertThat(p.collectives()).extracting(CollectiveOp::kind).containsOnly(Collective.ALL_TO_ALL,
                Collective.ALL_REDUCE);
        assertThat(p.collectives().stream().filter(c -> c.kind() == Collective.ALL_TO_ALL)).hasSize(8)
                .allSatisfy(c -> {
                    assertThat(c.bytes()).hasValue(4_194_304L * 2);
                    assertThat(c.bytesMeasured()).isTrue();
                });
        assertThat(p.collectives().stream().filter(c -> c.kind() == Collective.ALL_REDUCE)).hasSize(1);
    }

    @Test
    void pipelineSendsAndReceivesAreSendRecvWithTheirBytes() throws IOException {
        // nccl:send 2->3 / nccl:recv 2<-1 annotations and ncclKernel_SendRecv(...) kernels without arguments
        ProfileSummary s = new KinetoReader().summarise(trace(PIPELINE));
        assertThat(s.device()).isEqualTo("Tesla V100-SXM2-16GB");
        assertThat(s.collectives()).hasSize(1);
        assertThat(collective(s, Collective.SEND_RECV).count()).isEqualTo(12.0);
        assertThat(collective(s, Collective.SEND_RECV).bytes()).hasValue(12 * 1_048_576 * 2.0);
    }

    @Test
    void aVendorPrefixedDeviceWithoutACataloguedSystemScalesOnTheSystemNamedByHardware() throws IOException {
        // NVIDIA A100-SXM4-80GB resolves to the catalog's device; --hardware names the system whose links scale it
        // (without it, the catalog's DGX A100 80GB, the one system of that device, gives them).
        JsonNode points = simulate(trace(FSDP), "4,8,16", "--hardware", "dgx-a100");
        assertThat(points).hasSize(3);
        assertThat(points.get(2).get("step_s").asDouble()).isGreaterThan(points.get(0).get("step_s").asDouble());
        assertThat(cli.run("--profile", trace(FSDP).toString(), "--workers", "8")).as(cli.err().toString()).isZero();
    }

    /** The pipeline trace as written without its deviceProperties: its device is {@code unknown}. */
    private Path withoutDevice() throws IOException {
        String text = Files.readString(trace(PIPELINE));
        String stripped = text.replaceFirst("\"deviceProperties\": \\[[^\\]]*\\]", "\"deviceProperties\": []");
        assertThat(stripped).isNotEqualTo(text);
        return Files.writeString(dir.resolve("pipeline-no-device.pt.trace.json"), stripped);
    }

    @Test
    void anUnknownDeviceReplaysAtItsOwnScaleAndAsksForHardwareOnlyToScale() throws IOException {
        Path trace = withoutDevice();
        assertThat(new KinetoReader().summarise(trace).device()).isEqualTo("unknown");
        double median = new KinetoReader().summarise(trace).medianStepS();
        assertThat(simulate(trace, "1,4").get(1).get("step_s").asDouble()).isCloseTo(median, within(0.15 * median));

        assertThat(cli.run("--profile", trace.toString(), "--workers", "4,8")).isEqualTo(2);
        String line = cli.err().toString().lines().findFirst().orElseThrow();
        assertThat(line).contains("--workers 8", "'unknown'", "--hardware NAME").doesNotContain("Exception");

        assertThat(simulate(trace, "8", "--hardware", "dgx-1-v100").get(0).get("step_s").asDouble()).isPositive();
        // or the link figures themselves
        assertThat(simulate(trace, "8", "--intra-node-gbps", "1200").get(0).get("step_s").asDouble()).isPositive();
    }

    @Test
    void theSimulationEstimatorReplaysAnUnknownDeviceAtItsOwnScaleAndSaysWhyNotElsewhere() throws IOException {
        Profile profile = new DefaultProfileSource().read(withoutDevice());
        Predictor p = new SimulationEstimator(Optional.of(new DefaultHardwareCatalog()))
                .withHyperParameters(Map.of("steps", "4", "warmup", "1", "seeds", "1"))
                .fit(new TrainingSet("foreign", List.of(), List.of(profile)));
        Config four = Config.builder().model(profile.model()).architecture(Architecture.ALLREDUCE)
                .parameterServers(0).workers(4).nodes(1).localBatch(profile.localBatch()).build();
        assertThat(p.predict(four, Target.STEP_TIME).asDouble().orElseThrow())
                .isCloseTo(profile.stepTimeUs() / 1e6, within(1e-9));
        var eight = p.predict(four.toBuilder().workers(8).build(), Target.STEP_TIME);
        assertThat(eight.asDouble()).isEmpty();
        assertThat(eight.toString()).contains("not in the hardware catalog");
    }

    @Test
    void aTensorflowGpuTimelineIsOneStepWithoutTheStreamAllAndMemcpyRepeats() throws IOException {
        ProfileSummary s = new TfTimelineReader().summarise(trace(TF1_GPU));
        // one session.run: the CPU's and the GPU's executors each run a _SOURCE, which is not a second step
        assertThat(s.stepTimesS()).hasSize(1);
        // the span of the timeline, first event (the GPU executor's _SOURCE) to last (the copy of the result)
        double span = (1490280131175119L + 1215 - 1490280130949358L) / 1e6;
        assertThat(s.stepTimesS().get(0)).isCloseTo(span, within(1e-9));
        assertThat(s.device()).isEqualTo("/gpu:0");
        Profile p = new DefaultProfileSource().read(trace(TF1_GPU));
        // 1 op on the CPU executor, 12 on the GPU's, 7 kernels of stream 12, one copy each on streams 7 and 14;
        // stream:all repeats the 7 kernels and memcpy the 2 copies
        assertThat(p.ops()).hasSize(1 + 12 + 7 + 1 + 1);
    }

    @Test
    void oneWorkerReplayedFromATensorflowGpuTimelineTakesItsSpan() throws IOException {
        double span = new TfTimelineReader().summarise(trace(TF1_GPU)).stepTimesS().get(0);
        JsonNode points = simulate(trace(TF1_GPU), "1");
        assertThat(1 / points.get(0).get("steps_per_s").asDouble()).isCloseTo(span, within(0.10 * span));
    }

    @Test
    void theSameTimelineWithTheProcessNamesOfLaterTensorflowReadsAndReplaysTheSame() throws IOException {
        // A synthetic rename of the real file to the names TensorFlow 1.4 on writes:
        // /job:localhost/replica:0/task:0/device:GPU:0 Compute, /device:GPU:0/stream:all Compute, ...
        String renamed = Files.readString(trace(TF1_GPU)).replace("task:0/cpu:0", "task:0/device:CPU:0")
                .replace("task:0/gpu:0", "task:0/device:GPU:0").replace("\"/gpu:0/", "\"/device:GPU:0/");
        Path file = Files.writeString(dir.resolve("synthetic-tf14-names.json"), renamed);
        assertThat(renamed).contains("\"/device:GPU:0/stream:all Compute\"", "/device:CPU:0 Compute");
        ProfileSummary s = new TfTimelineReader().summarise(file);
        double span = new TfTimelineReader().summarise(trace(TF1_GPU)).stepTimesS().get(0);
        assertThat(s.stepTimesS()).containsExactly(span);
        assertThat(s.device()).isEqualTo("/device:GPU:0");
        assertThat(new DefaultProfileSource().read(file).ops()).hasSize(1 + 12 + 7 + 1 + 1);
        JsonNode points = simulate(file, "1");
        assertThat(1 / points.get(0).get("steps_per_s").asDouble()).isCloseTo(span, within(0.10 * span));
    }
}
