package io.stepcast.queueing.realdata;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import io.stepcast.datasets.catalog.DefaultProfileSource;
import io.stepcast.datasets.hardware.DefaultHardwareCatalog;
import io.stepcast.queueing.cli.SimulateCli;
import io.stepcast.queueing.cli.SimulateCommand;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

import static org.assertj.core.api.Assertions.assertThat;

/**
 * {@code stepcast simulate --profile} on the real PyTorch profiler traces of {@code shared/data/kineto}: at the
 * trace's world size the replay gives the measured median step (target: within 10%), and other worker counts are
 * predictions from the cost model.
 */
class KinetoReplayTest {
    private final SimulateCli cli = new SimulateCli(() -> new SimulateCommand(Optional.of(new DefaultProfileSource()),
            Optional.of(new DefaultHardwareCatalog())));
    private final StringWriter out = cli.out();
    private final StringWriter err = cli.err();

    private int run(String... args) {
        return cli.run(args);
    }

    private static String trace(String name) {
        return Path.of(System.getProperty("stepcast.shared.data")).resolve("kineto").resolve(name + ".pt.trace.json.gz")
                .toString();
    }

    /** Step time (s) per worker count of the JSON output, in order. */
    private List<double[]> points() throws Exception {
        List<double[]> p = new ArrayList<>();
        try (JsonParser j = new JsonFactory().createParser(out.toString())) {
            double w = 0;
            while (j.nextToken() != null) {
                if (j.currentToken() == JsonToken.FIELD_NAME && j.currentName().equals("workers")) {
                    j.nextToken();
                    w = j.getDoubleValue();
                } else if (j.currentToken() == JsonToken.FIELD_NAME && j.currentName().equals("steps_per_s")) {
                    j.nextToken();
                    p.add(new double[] {w, w / j.getDoubleValue()});
                }
            }
        }
        return p;
    }

    @ParameterizedTest
    @CsvSource({"a100_world2_rank0,2,0.222442", "a100_world8_rank3,8,0.0768335"})
    void theTracesWorldSizeReproducesItsMedianStepAndOtherScalesArePredicted(String name, int world,
                                                                              double medianS) throws Exception {
        // No --architecture: a trace of a rank of a larger job defaults to the all-reduce replay.
        int code = run("--profile", trace(name), "--workers", "1," + world + ",16,64", "--json");
        assertThat(code).isEqualTo(0);
        List<double[]> p = points();
        assertThat(p).hasSize(4);
        assertThat(p.get(1)[1]).isBetween(medianS * 0.9, medianS * 1.1);
        // One worker does no collective: never slower than the trace's step.
        assertThat(p.get(0)[1]).isLessThanOrEqualTo(p.get(1)[1] + 1e-9);
        // 64 GPUs over 8 nodes pay the inter-node links: a longer step than on the trace's one node.
        assertThat(p.get(3)[1]).isGreaterThan(p.get(1)[1]);
    }

    @Test
    void theTableNamesTheReplayAndTheHardware() {
        int code = run("--profile", trace("a100_world2_rank0"), "--architecture", "allreduce", "--workers", "2,8",
                "--hardware", "dgx-a100");
        assertThat(code).isEqualTo(0);
        assertThat(out.toString()).contains("replay of a rank of 2", "hardware dgx-a100", "step (s)");
    }

    @Test
    void theSimulationEstimatorFittedOnTheTraceReplaysItAtItsWorldSize() throws Exception {
        io.stepcast.api.profile.Profile profile = new DefaultProfileSource().read(Path.of(trace("a100_world8_rank3")));
        io.stepcast.api.Predictor p = new io.stepcast.queueing.simulation.SimulationEstimator(
                Optional.of(new DefaultHardwareCatalog())).withHyperParameters(Map.of("steps", "4",
                "warmup", "1", "seeds", "1")).fit(new io.stepcast.api.TrainingSet("kineto", List.of(), List.of(profile)));
        io.stepcast.api.Config eight = io.stepcast.api.Config.builder().model(profile.model())
                .architecture(io.stepcast.api.Architecture.ALLREDUCE).parameterServers(0).workers(8).nodes(1)
                .localBatch(profile.localBatch()).build();
        double step = p.predict(eight, io.stepcast.api.Target.STEP_TIME).asDouble().orElseThrow();
        assertThat(step).isBetween(0.0768335 * 0.9, 0.0768335 * 1.1);
        double sixteen = p.predict(eight.toBuilder().workers(16).nodes(2).build(), io.stepcast.api.Target.STEP_TIME)
                .asDouble().orElseThrow();
        assertThat(sixteen).isGreaterThan(step);
    }

    /**
     * The real trace with every collective's bytes estimated from its duration, as for a trace that does not record
     * them (the estimating step the replay applies: {@link io.stepcast.models.collective.CatalogByteEstimator}).
     */
    private static io.stepcast.api.profile.Profile withEstimatedBytes(io.stepcast.api.profile.Profile p) {
        List<io.stepcast.api.profile.CollectiveOp> unrecorded = p.collectives().stream()
                .map(c -> new io.stepcast.api.profile.CollectiveOp(c.kind(), c.stream(), c.startUs(), c.durationUs(),
                        java.util.OptionalLong.empty(), false)).toList();
        return new io.stepcast.models.collective.CatalogByteEstimator(new DefaultHardwareCatalog()).withEstimatedBytes(
                new io.stepcast.api.profile.Profile(p.model(), p.localBatch(), p.stepTimeUs(), p.parameters(),
                        p.receives(), p.ops(), p.sends(), p.origin(), unrecorded, p.rank()));
    }

    @ParameterizedTest
    @org.junit.jupiter.params.provider.ValueSource(strings = {"a100_world2_rank0", "a100_world8_rank3"})
    void withEstimatedBytesTheStepElsewhereIsARangeHoldingTheRecordedBytesPrediction(String name) throws Exception {
        io.stepcast.api.profile.Profile recorded = new DefaultProfileSource().read(Path.of(trace(name)));
        io.stepcast.queueing.simulation.CollectiveReplay exact =
                new io.stepcast.queueing.simulation.CollectiveReplay(recorded);
        io.stepcast.queueing.simulation.CollectiveReplay bounded =
                new io.stepcast.queueing.simulation.CollectiveReplay(withEstimatedBytes(recorded));
        io.stepcast.queueing.simulation.AllReduceLinks links =
                new io.stepcast.queueing.simulation.AllReduceLinks(Optional.of(new DefaultHardwareCatalog()));
        int world = recorded.rank().worldSize();
        io.stepcast.api.collective.Placement measured = io.stepcast.api.collective.Placement.singleNode(world);
        // The DGX A100's NICs, and the trace's device, whose systems leave the NIC to the 10 Gbit/s default.
        for (String hardware : List.of("dgx-a100", recorded.rank().device())) {
            check(name, hardware, exact, bounded, links, measured);
        }
        var m = times(links, "dgx-a100", measured);
        assertThat(bounded.stepBounds(measured, measured, m, m).lowSeconds()).isEqualTo(exact.measuredStepSeconds());
    }

    private static void check(String name, String hardware, io.stepcast.queueing.simulation.CollectiveReplay exact,
                              io.stepcast.queueing.simulation.CollectiveReplay bounded,
                              io.stepcast.queueing.simulation.AllReduceLinks links,
                              io.stepcast.api.collective.Placement measured) {
        var m = times(links, hardware, measured);
        for (int w : new int[] {16, 64}) {
            io.stepcast.api.collective.Placement target =
                    io.stepcast.api.collective.Placement.spread(w, w / 8);
            var t = times(links, hardware, target);
            double step = exact.stepSeconds(measured, target, m, t);
            io.stepcast.queueing.simulation.CollectiveReplay.StepBounds b = bounded.stepBounds(measured, target, m, t);
            assertThat(b.exact()).isFalse();
            assertThat(step).as("%s on %s at %d", name, hardware, w).isBetween(b.lowSeconds(), b.highSeconds());
            assertThat(b.lowSeconds()).isGreaterThanOrEqualTo(bounded.stepBounds(measured,
                    io.stepcast.api.collective.Placement.singleNode(1), m, m).lowSeconds());
        }
    }

    private static io.stepcast.queueing.simulation.AllReduceLinks.CollectiveTimes times(
            io.stepcast.queueing.simulation.AllReduceLinks links, String hardware,
            io.stepcast.api.collective.Placement placement) {
        return links.query(hardware, placement).fallbackGbps(10).resolve().times().orElseThrow();
    }

    @Test
    void aTraceWithoutRecordedBytesIsReplayedAtItsScaleAndBoundedElsewhereSaidOnStderrAndInTheJson(
            @org.junit.jupiter.api.io.TempDir Path dir) throws Exception {
        // The real 2-rank trace with the kernels' message sizes taken out: its collectives' bytes are estimated.
        Path stripped = dir.resolve("a100_world2_rank0-no-bytes.pt.trace.json.gz");
        JsonFactory f = new JsonFactory();
        try (JsonParser in = f.createParser(new GZIPInputStream(
                Files.newInputStream(Path.of(trace("a100_world2_rank0")))));
             com.fasterxml.jackson.core.JsonGenerator g = f.createGenerator(new GZIPOutputStream(
                     Files.newOutputStream(stripped)))) {
            while (in.nextToken() != null) {
                if (in.currentToken() == JsonToken.FIELD_NAME
                        && (in.currentName().equals("In msg nelems") || in.currentName().equals("Out msg nelems"))) {
                    in.nextToken();
                    in.skipChildren();
                } else {
                    g.copyCurrentEvent(in);
                }
            }
        }
        assertThat(run("--profile", stripped.toString(), "--workers", "1,2,16", "--json")).isEqualTo(0);
        assertThat(err.toString()).startsWith("note: " + stripped).contains("7 of the 7 collectives",
                "estimated from their durations", "bounded, not predicted").doesNotContain("\tat ");
        com.fasterxml.jackson.databind.JsonNode j = new com.fasterxml.jackson.databind.ObjectMapper()
                .readTree(out.toString());
        assertThat(j.get("collective_bytes").get("estimated").asInt()).isEqualTo(7);
        assertThat(j.get("collective_bytes").get("bytes_estimated").asBoolean()).isTrue();
        // At the trace's 2 workers its measured step, exactly as with the bytes.
        assertThat(j.get("points").get(1).get("step_s").asDouble()).isBetween(0.222442 * 0.9, 0.222442 * 1.1);
        assertThat(j.get("points").get(1).has("bounded")).isFalse();
        // At 16: no point, a range.
        com.fasterxml.jackson.databind.JsonNode sixteen = j.get("points").get(2);
        assertThat(sixteen.get("bounded").asBoolean()).isTrue();
        assertThat(sixteen.has("steps_per_s")).isTrue();
        assertThat(sixteen.get("step_s").get("low").asDouble())
                .isLessThan(sixteen.get("step_s").get("high").asDouble());
    }
}
